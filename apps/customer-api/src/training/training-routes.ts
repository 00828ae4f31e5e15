import { Delete, Get, Post } from 'routing-controllers';

/**
 * learning-commerce.md "Training customer and mobile": each route exists under `/api/mobile/...`
 * and under both non-mobile prefixes. From the mobile path `/api/mobile/<training|trainings>/<rest>`
 * come `/api/training/<rest>` and `/api/trainings/<rest>` (mobile path first).
 */
export function trainingPaths(mobilePath: string): [string, string, string] {
  const match = /^\/api\/mobile\/trainings?(\/.*)?$/.exec(mobilePath);
  if (!match) throw new Error(`not a mobile training path: ${mobilePath}`);
  const rest = match[1] ?? '';
  return [mobilePath, `/api/training${rest}`, `/api/trainings${rest}`];
}

/** `@Get` on the mobile path and its two web twins (trainingPaths). */
export const TrainingGet =
  (mobilePath: string): MethodDecorator =>
  (target, propertyKey, descriptor) => {
    for (const path of trainingPaths(mobilePath)) (Get(path) as MethodDecorator)(target, propertyKey, descriptor);
  };

/** `@Post` on the mobile path and its two web twins (trainingPaths). */
export const TrainingPost =
  (mobilePath: string): MethodDecorator =>
  (target, propertyKey, descriptor) => {
    for (const path of trainingPaths(mobilePath)) (Post(path) as MethodDecorator)(target, propertyKey, descriptor);
  };

/** `@Delete` on the mobile path and its two web twins (trainingPaths). */
export const TrainingDelete =
  (mobilePath: string): MethodDecorator =>
  (target, propertyKey, descriptor) => {
    for (const path of trainingPaths(mobilePath)) (Delete(path) as MethodDecorator)(target, propertyKey, descriptor);
  };
