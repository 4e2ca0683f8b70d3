import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  // Every capability keeps its own tables in *.schema.ts; drizzle-kit reads them all, the Worker imports each where it is used.
  schema: "./src/**/*.schema.ts",
  out: "./migrations",
});
