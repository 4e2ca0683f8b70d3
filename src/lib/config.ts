/** Public, non-secret configuration; the one source for /v1/meta, the API reference's environment banner and the processor client. */
export function publicConfig(env: Env) {
  return {
    service: env.SERVICE_NAME,
    processor: "finix",
    // validateEnv admits "sandbox" and "live" only; the comparison gives the value that type.
    processorEnvironment: env.PROCESSOR_ENV === "live" ? ("live" as const) : ("sandbox" as const),
    processorApplicationId: env.PROCESSOR_APPLICATION_ID,
    processorApiVersion: env.PROCESSOR_API_VERSION,
    currency: env.CURRENCY,
  };
}
