// The platform's payment gateway clients: no database, no HTTP framework, one job per file.
// Checkout (orders) and the verification of the payments context build on these.
export * from './gateway-result';
export { paisaToRupees, rupeesToPaisa } from './esewa-amount';
export {
  ESEWA_CALLBACK_SIGNED_FIELDS,
  ESEWA_REQUIRED_SIGNED_FIELDS,
  esewaSignatureMessage,
  signEsewa,
  verifyEsewaCallbackSignature,
  verifyEsewaSignature,
} from './esewa-signature';
export * from './esewa.gateway';
export * from './khalti.gateway';
