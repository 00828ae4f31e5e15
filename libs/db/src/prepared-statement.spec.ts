import { expect } from 'chai';
import { preparedStatement } from './database';

describe(preparedStatement.name, () => {
  it('turns :name parameters into typed $n ones in the order of the types, leaving :: casts alone', () => {
    const statement = preparedStatement('example', 'SELECT :b::bigint * 100, x FROM t WHERE id = :a AND at > :b AND s = \'a\'', { a: 'integer', b: 'timestamptz' });
    expect(statement).to.deep.equal({
      name: 'example',
      text: "SELECT $2::timestamptz::bigint * 100, x FROM t WHERE id = $1::integer AND at > $2::timestamptz AND s = 'a'",
      order: ['a', 'b'],
    });
  });

  it('refuses a parameter without a type', () => {
    expect(() => preparedStatement('example', 'SELECT :missing', { a: 'integer' })).to.throw(/no type given for :missing/);
  });
});
