import type { ChannelPostType } from '@platform/db';
import { BodyUnprocessable, FieldProblem } from '../../../../shared';

/** What a post holds, as the type rules see it (null: absent). */
export interface PostContent {
  bodyText: string | null;
  linkUrl: string | null;
  chartPayloadJson: Record<string, unknown> | null;
  attachmentCount: number;
}

type ContentField = 'body_text' | 'link_url' | 'chart_payload_json' | 'attachments';

/**
 * community-content-uploads.md "Create post body", type rules: the field each type needs, and the
 * fields it takes besides. Everything else must be absent (the channel_posts_type_shape CHECK of
 * migration 0016 says the same, so the database never holds another shape).
 */
const TYPE_RULES: Record<ChannelPostType, { needs: ContentField; takes: ContentField[] }> = {
  TEXT: { needs: 'body_text', takes: [] },
  LINK: { needs: 'link_url', takes: ['body_text'] },
  CHART: { needs: 'chart_payload_json', takes: ['body_text'] },
  IMAGE: { needs: 'attachments', takes: ['body_text'] },
  FILE: { needs: 'attachments', takes: ['body_text'] },
};

const FIELDS: ContentField[] = ['body_text', 'link_url', 'chart_payload_json', 'attachments'];

const present = (content: PostContent, field: ContentField): boolean =>
  ({
    body_text: content.bodyText !== null,
    link_url: content.linkUrl !== null,
    chart_payload_json: content.chartPayloadJson !== null,
    attachments: content.attachmentCount > 0,
  })[field];

/** The problems of `content` for a post of `type`, each naming its field; empty when it fits. */
export function postShapeProblems(type: ChannelPostType, content: PostContent): FieldProblem[] {
  const rule = TYPE_RULES[type];
  const problems: FieldProblem[] = [];
  if (!present(content, rule.needs)) {
    const what = rule.needs === 'attachments' ? 'at least one attachment' : rule.needs;
    problems.push({ field: rule.needs, code: 'requiredForType', message: `A ${type} post needs ${what}` });
  }
  for (const field of FIELDS) {
    if (field === rule.needs || rule.takes.includes(field) || !present(content, field)) continue;
    const allowed = [rule.needs, ...rule.takes].join(' and ');
    problems.push({ field, code: 'notAllowedForType', message: `A ${type} post takes no ${field} (only ${allowed})` });
  }
  return problems;
}

/** 422 UNPROCESSABLE with errors[] naming each field that does not fit the type. */
export function requirePostShape(type: ChannelPostType, content: PostContent): void {
  const problems = postShapeProblems(type, content);
  if (problems.length) throw BodyUnprocessable(problems);
}
