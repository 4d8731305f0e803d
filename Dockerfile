FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --create-home --uid 10001 veillee
WORKDIR /app

# Dependencies first (better layer caching), then the code.
COPY pyproject.toml ./
COPY app ./app
RUN pip install .

# Runtime files read from the working directory: migrations, templates, static assets.
COPY alembic.ini ./
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static

RUN mkdir -p /data && chown veillee:veillee /data
USER veillee

ENV DATABASE_URL=sqlite+aiosqlite:////data/veillee.db \
    HOST=0.0.0.0 \
    PORT=8000
EXPOSE 8000
VOLUME ["/data"]

# The limits are the Makefile's (docs/protocol.md, "Limits"). --proxy-headers trusts X-Forwarded-For only from
# FORWARDED_ALLOW_IPS (uvicorn's variable): set it to the reverse proxy's address, or every client shares the
# proxy's address in the per-address limits.
CMD ["sh", "-c", "python -m app.store.migrate && exec uvicorn app.main:app --host \"$HOST\" --port \"$PORT\" --proxy-headers --http h11 --h11-max-incomplete-event-size 16384 --timeout-keep-alive 5 --limit-concurrency 20000 --ws-max-size 65536 --ws-max-queue 32 --ws-per-message-deflate false"]
