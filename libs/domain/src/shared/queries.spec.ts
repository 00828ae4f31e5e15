import { expect } from 'chai';
import { isBigintId, MAX_BIGINT, textArrayLiteral } from './queries';

describe('isBigintId', () => {
  it('takes 1 to 19 digits naming 1 up to PostgreSQL\'s largest bigint, leading zeros included', () => {
    for (const id of ['1', '7', '007', '9223372036854775807', '0000000000000000001']) expect(isBigintId(id), id).to.equal(true);
    expect(BigInt('9223372036854775807')).to.equal(MAX_BIGINT);
  });

  it('refuses zero, a value past the bigint range, more than 19 digits and anything but digits', () => {
    for (const id of ['0', '000', '9223372036854775808', '99999999999999999999', '00000000000000000001', '', '-1', '1.5', '1e3', ' 1', 'abc']) {
      expect(isBigintId(id), JSON.stringify(id)).to.equal(false);
    }
  });
});

describe('textArrayLiteral', () => {
  it('quotes every element and escapes quotes and backslashes', () => {
    expect(textArrayLiteral([])).to.equal('{}');
    expect(textArrayLiteral(['a', 'b c', 'x"y', 'p\\q', '{,}'])).to.equal('{"a","b c","x\\"y","p\\\\q","{,}"}');
  });
});
