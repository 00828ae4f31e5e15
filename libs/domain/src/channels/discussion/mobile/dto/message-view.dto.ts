import { CursorQueryInvalid } from '../../../../shared';
import type { MessageViewName } from '../../discussion.views';

export const MESSAGE_VIEWS: readonly MessageViewName[] = ['full', 'compact'];

/**
 * The `view` query parameter of the message list: `full` (the default) or `compact`; anything
 * else (another word, a repeated parameter) is 422 UNPROCESSABLE, as the list's other parameters.
 */
export function readMessageView(raw: unknown): MessageViewName {
  if (raw === undefined) return 'full';
  if (typeof raw === 'string' && (MESSAGE_VIEWS as readonly string[]).includes(raw)) return raw as MessageViewName;
  throw CursorQueryInvalid([{ field: 'view', code: 'isIn', message: `view must be one of: ${MESSAGE_VIEWS.join(', ')}` }]);
}
