export { applyTransaction, NO_POSITION, Oversold, replayPositions } from './position';
export type { Position, ReplayedTransaction } from './position';
