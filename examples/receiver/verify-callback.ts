/**
 * The callback verifier lives in the TypeScript client package (clients/typescript, `@payment-connect/client`):
 * `verifyCallbackSignature` (also exported as `verifyCallback`). It is dependency-free (WebCrypto only), so a receiver
 * that does not use the client may still copy clients/typescript/src/verify-callback.ts as it is.
 */
export { verifyCallbackSignature, type CallbackVerification } from "../../clients/typescript/src/verify-callback.ts";
