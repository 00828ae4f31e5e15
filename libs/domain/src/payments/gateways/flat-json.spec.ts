import { expect } from 'chai';
import { readFlatJsonObject } from './flat-json';

describe(readFlatJsonObject.name, () => {
  it('keeps numbers and literals as the text they were sent as', () => {
    expect(readFlatJsonObject('{"a":1000.0,"b":-1.5e3,"c":true,"d":null,"e":0}')).to.deep.equal({
      a: '1000.0',
      b: '-1.5e3',
      c: 'true',
      d: 'null',
      e: '0',
    });
  });

  it('unescapes strings as JSON does and allows whitespace between tokens', () => {
    expect(readFlatJsonObject(' {\n "a" : "x\\"y\\u00e9" ,\t"b":"+/="\r\n} ')).to.deep.equal({ a: 'x"yé', b: '+/=' });
    expect(readFlatJsonObject('{}')).to.deep.equal({});
  });

  it('keeps a "__proto__" key as an ordinary field', () => {
    const fields = readFlatJsonObject('{"__proto__":"x"}');
    expect(Object.getPrototypeOf(fields)).to.equal(Object.prototype);
    expect(Object.keys(fields ?? {})).to.deep.equal(['__proto__']);
  });

  for (const [name, text] of [
    ['an array', '[1,2]'],
    ['a nested object', '{"a":{"b":1}}'],
    ['a nested array', '{"a":[1]}'],
    ['a duplicate key', '{"a":"1","a":"2"}'],
    ['trailing text', '{"a":1} x'],
    ['a trailing comma', '{"a":1,}'],
    ['a leading zero', '{"a":01}'],
    ['a bare word', '{"a":yes}'],
    ['a single-quoted string', "{'a':1}"],
    ['a raw control character in a string', '{"a":"x\ny"}'],
    ['an unterminated object', '{"a":1'],
    ['empty text', ''],
  ]) {
    it(`refuses ${name}`, () => {
      expect(readFlatJsonObject(text)).to.equal(null);
    });
  }
});
