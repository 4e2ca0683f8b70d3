/** Vite's `?raw` suffix imports a file's text (used to check wrangler.toml against the code). */
declare module "*?raw" {
  const text: string;
  export default text;
}
