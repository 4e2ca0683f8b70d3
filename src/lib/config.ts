/** Public, non-secret configuration; the one source for /v1/meta and the processor client. */
export function publicConfig(env: Env) {
  return {
    service: env.SERVICE_NAME,
    processor: "finix",
    processorEnvironment: env.PROCESSOR_ENV,
    processorApplicationId: env.PROCESSOR_APPLICATION_ID,
    processorApiVersion: env.PROCESSOR_API_VERSION,
    currency: env.CURRENCY,
  };
}
