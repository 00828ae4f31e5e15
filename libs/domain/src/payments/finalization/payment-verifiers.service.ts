import { Service } from 'typedi';
import type { PaymentGateway } from '@platform/db';
import { EsewaPaymentVerifier } from './esewa-payment.verifier';
import { KhaltiPaymentVerifier } from './khalti-payment.verifier';
import type { GatewayPaymentVerifier } from './payment-verifier';

/** The verifier of a payment's gateway. */
@Service()
export class PaymentVerifiers {
  constructor(
    private readonly esewa: EsewaPaymentVerifier,
    private readonly khalti: KhaltiPaymentVerifier,
  ) {}

  for(gateway: PaymentGateway): GatewayPaymentVerifier {
    return gateway === 'esewa' ? this.esewa : this.khalti;
  }
}
