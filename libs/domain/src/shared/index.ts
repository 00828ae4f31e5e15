export * from './errors';
export * from './actor';
export * from './tokens';
export * from './dto/query.dto';
export * from './queries';
export * from './dto/decorators';
export * from './clock';
