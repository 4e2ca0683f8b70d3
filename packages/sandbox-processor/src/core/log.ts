/** One structured JSON line per record; callers pass only fields that are safe to log (never keys or secrets). */
export function logEvent(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, source: "sandbox-processor", time: new Date().toISOString(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
