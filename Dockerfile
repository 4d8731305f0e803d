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

CMD ["sh", "-c", "python -m app.store.migrate && exec uvicorn app.main:app --host \"$HOST\" --port \"$PORT\" --proxy-headers --ws-max-size 65536 --ws-per-message-deflate false"]
