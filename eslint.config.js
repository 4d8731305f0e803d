// eslint for the pages' modules (static/js; `make lint`): the recommended rules, browser globals, ES modules.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["static/vendor/**", "node_modules/**"] },
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
];
