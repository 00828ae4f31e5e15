export * from './errors';
export * from './actor';
export * from './tokens';
export * from './dto/query.dto';
