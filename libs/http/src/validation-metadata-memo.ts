import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
const MEMOIZED = Symbol.for('platform.validation-metadata-memo');

/**
 * class-validator looks a class's rules up on every validation by walking every class that has any
 * (`prototype instanceof` each, for inherited rules): with the platform's hundreds of DTOs that was
 * a twentieth of a small GET's CPU (its query DTO). The rules of a class never change once its
 * module loaded, so each answer is kept until a rule is added (a module loaded later: the memo is
 * dropped). Installed once on class-validator's global storage.
 */
export function memoizeValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [MEMOIZED]?: true };
  if (marked[MEMOIZED]) return;
  marked[MEMOIZED] = true;

  let memo = new Map<unknown, Map<string, ReturnType<Lookup>>>();
  const lookUp: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const variant = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let byVariant = memo.get(target);
    if (!byVariant) memo.set(target, (byVariant = new Map()));
    let found = byVariant.get(variant);
    if (!found) byVariant.set(variant, (found = lookUp(target, schema, always, strictGroups, groups)));
    return found;
  };
  for (const add of ['addValidationMetadata', 'addConstraintMetadata', 'addValidationSchema'] as const) {
    const original = storage[add].bind(storage) as (metadata: never) => void;
    (storage as unknown as Record<string, (metadata: never) => void>)[add] = (metadata) => {
      memo = new Map();
      original(metadata);
    };
  }
}
