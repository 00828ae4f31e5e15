/**
 * learning-commerce.md "Training customer and mobile": each route exists under `/api/mobile/...`
 * and under both web prefixes, `/api/training/...` and `/api/trainings/...`. Given the web path
 * the mobile one mirrors, the two web paths, it first, for WebAndMobile:
 * `@WebAndMobile(Get, ...trainingWebPaths('/api/training/enroll'))` serves `/api/training/enroll`,
 * `/api/mobile/training/enroll` and `/api/trainings/enroll`.
 */
export function trainingWebPaths(webPath: string): [string, string] {
  const match = /^\/api\/(trainings?)(\/.*)?$/.exec(webPath);
  if (!match) throw new Error(`not a web training path: ${webPath}`);
  const other = match[1] === 'training' ? 'trainings' : 'training';
  return [webPath, `/api/${other}${match[2] ?? ''}`];
}
