import pino from 'pino';
import { parseLogLevel } from './env';

export const logger = pino({
  level: parseLogLevel(process.env),
  base: undefined,
});
