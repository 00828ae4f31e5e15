import { generateMarketDemo } from './generate';

/**
 * `node -r @swc-node/register tools/market-demo/cli.ts <outDir> [--today=YYYY-MM-DD] [--seed=N]`:
 * writes the demo market CSV files and prints { files, companies } as JSON.
 */
async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const outDir = args.find((arg) => !arg.startsWith('--'));
  if (!outDir) throw new Error('usage: cli.ts <outDir> [--today=YYYY-MM-DD] [--seed=N]');
  const todayOption = option('today');
  const today = todayOption ? new Date(`${todayOption}T12:00:00+05:45`) : new Date();
  if (Number.isNaN(today.getTime())) throw new Error(`invalid --today: ${todayOption}`);
  const seedOption = option('seed');
  const seed = seedOption === undefined ? undefined : Number(seedOption);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`invalid --seed: ${seedOption}`);
  const result = await generateMarketDemo({ outDir, today, seed });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`market-demo failed: ${error?.message ?? error}\n`);
  process.exit(1);
});
