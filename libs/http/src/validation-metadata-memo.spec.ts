import { expect } from 'chai';
import { IsInt, IsString, validate } from 'class-validator';
import { memoizeValidationMetadata } from './validation-metadata-memo';

describe(memoizeValidationMetadata.name, () => {
  class Parent {
    @IsInt()
    count: unknown;
  }
  class Child extends Parent {
    @IsString()
    name: unknown;
  }
  const failing = async (value: object) => (await validate(value)).map((error) => error.property).sort();

  before(() => memoizeValidationMetadata());

  it('keeps applying a class\'s own and inherited rules, however often it validates', async () => {
    for (let n = 0; n < 3; n++) {
      expect(await failing(Object.assign(new Child(), { count: 'x', name: 1 }))).to.deep.equal(['count', 'name']);
      expect(await failing(Object.assign(new Child(), { count: 1, name: 'ok' }))).to.deep.equal([]);
    }
  });

  it('sees a rule added after a validation (a module loaded later)', async () => {
    class Late {
      @IsInt()
      first: unknown;
      second: unknown;
    }
    expect(await failing(Object.assign(new Late(), { first: 1, second: 2 }))).to.deep.equal([]);
    IsString()(Late.prototype, 'second');
    expect(await failing(Object.assign(new Late(), { first: 1, second: 2 }))).to.deep.equal(['second']);
  });
});
