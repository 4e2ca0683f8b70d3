/** The offline API reference page at `/docs`. */
export { default as docsRouter } from "./docs.index";
