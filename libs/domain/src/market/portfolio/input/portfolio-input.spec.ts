import { expect } from 'chai';
import { readPortfolioBody } from './portfolio-input';

const NOT_AN_OBJECT = { field: 'body', code: 'type', message: 'Request body must be a JSON object' };
const NAME_REQUIRED = { field: 'name', code: 'required', message: 'name is required' };
const FALSE_DEFAULT = {
  field: 'isDefault',
  code: 'isDefault',
  message: 'isDefault cannot be set to false directly — promote a different portfolio to default instead',
};

describe(readPortfolioBody.name, () => {
  it('refuses a body that is not a JSON object', () => {
    for (const body of [null, [], 'name', 1]) {
      expect(readPortfolioBody(body, 'create')).to.deep.equal({ values: {}, problems: [NOT_AN_OBJECT] });
      expect(readPortfolioBody(body, 'update')).to.deep.equal({ values: {}, problems: [NOT_AN_OBJECT] });
    }
  });

  describe('create', () => {
    it('reads a trimmed name and description; unknown fields and isDefault are ignored', () => {
      expect(readPortfolioBody({ name: '  Long term ', description: ' Banks ', isDefault: false, id: 'x' }, 'create')).to.deep.equal({
        values: { name: 'Long term', description: 'Banks' },
        problems: [],
      });
    });

    it('requires a name: absent, null or blank', () => {
      for (const body of [{}, { name: null }, { name: '' }, { name: '   ' }]) {
        expect(readPortfolioBody(body, 'create').problems, JSON.stringify(body)).to.deep.equal([NAME_REQUIRED]);
      }
    });

    it('an empty or null description is null; an absent one stays absent', () => {
      expect(readPortfolioBody({ name: 'a', description: '' }, 'create').values).to.deep.equal({ name: 'a', description: null });
      expect(readPortfolioBody({ name: 'a', description: null }, 'create').values).to.deep.equal({ name: 'a', description: null });
      expect(readPortfolioBody({ name: 'a' }, 'create').values).to.deep.equal({ name: 'a' });
    });

    const rows: [string, unknown, string, string][] = [
      ['name', 'x'.repeat(101), 'max', 'name must not exceed 100 characters'],
      ['name', 42, 'type', 'name must be a string'],
      ['name', ['a'], 'type', 'name must be a string'],
      ['description', 'x'.repeat(501), 'max', 'description must not exceed 500 characters'],
      ['description', true, 'type', 'description must be a string'],
    ];
    for (const [field, raw, code, message] of rows) {
      it(`${field} ${typeof raw === 'string' ? `of ${raw.length} characters` : JSON.stringify(raw)} → ${message}`, () => {
        expect(readPortfolioBody({ name: 'a', [field]: raw }, 'create').problems).to.deep.equal([{ field, code, message }]);
      });
    }

    it('counts length in Unicode code points', () => {
      expect(readPortfolioBody({ name: '😀'.repeat(100), description: '😀'.repeat(500) }, 'create').problems).to.deep.equal([]);
      expect(readPortfolioBody({ name: '😀'.repeat(101) }, 'create').problems.map((problem) => problem.code)).to.deep.equal(['max']);
    });

    it('returns every problem at once', () => {
      expect(readPortfolioBody({ description: 7 }, 'create').problems).to.deep.equal([
        NAME_REQUIRED,
        { field: 'description', code: 'type', message: 'description must be a string' },
      ]);
    });
  });

  describe('update', () => {
    it('every field is optional', () => {
      expect(readPortfolioBody({}, 'update')).to.deep.equal({ values: {}, problems: [] });
      expect(readPortfolioBody({ description: '' }, 'update')).to.deep.equal({ values: { description: null }, problems: [] });
    });

    it('a given name follows the create rules', () => {
      expect(readPortfolioBody({ name: ' Renamed ' }, 'update').values).to.deep.equal({ name: 'Renamed' });
      expect(readPortfolioBody({ name: null }, 'update').problems).to.deep.equal([NAME_REQUIRED]);
      expect(readPortfolioBody({ name: ' ' }, 'update').problems).to.deep.equal([NAME_REQUIRED]);
      expect(readPortfolioBody({ name: 'x'.repeat(101) }, 'update').problems).to.deep.equal([
        { field: 'name', code: 'max', message: 'name must not exceed 100 characters' },
      ]);
    });

    it('isDefault true promotes; false is refused; anything else is not a boolean', () => {
      expect(readPortfolioBody({ isDefault: true }, 'update')).to.deep.equal({ values: { isDefault: true }, problems: [] });
      expect(readPortfolioBody({ isDefault: false }, 'update')).to.deep.equal({ values: {}, problems: [FALSE_DEFAULT] });
      for (const isDefault of ['true', 1, null]) {
        expect(readPortfolioBody({ isDefault }, 'update').problems, JSON.stringify(isDefault)).to.deep.equal([
          { field: 'isDefault', code: 'type', message: 'isDefault must be a boolean' },
        ]);
      }
    });

    it('returns every problem at once, in body order', () => {
      expect(readPortfolioBody({ isDefault: false, description: 'x'.repeat(501), name: '' }, 'update').problems).to.deep.equal([
        NAME_REQUIRED,
        { field: 'description', code: 'max', message: 'description must not exceed 500 characters' },
        FALSE_DEFAULT,
      ]);
    });
  });
});
