import argon2 from 'argon2';
import { Service } from 'typedi';

/** argon2id with the library's defaults (memory-hard; OWASP-recommended parameters). */
@Service()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Burns the same time as a real verification, so an unknown email cannot be told apart
   * from a wrong password by timing.
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    await this.verify(await this.dummyHash(), password);
    return false;
  }

  private dummy?: Promise<string>;
  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash('dummy-password-for-timing');
    return this.dummy;
  }
}
