/** Vite's `import.meta.glob` (used to read the package's own sources in the layering test). */
interface ImportMeta {
  glob<T = unknown>(patterns: string | string[], options: { query: "?raw"; import: "default"; eager: true }): Record<string, T>;
}
