import { OptionalNullAsAbsent, SlugField, TitleField } from '../../../../shared';

export const MAX_LABEL_NAME_LENGTH = 100;

/**
 * POST /api/admin/content-categories and /api/admin/content-tags: `{ name, slug? }` (migration
 * 0019's CHECKs: a trimmed name of 1-100 characters, a slug of lower-case words). Without a slug
 * one is made from the name.
 */
export class CreateContentLabelDto {
  @TitleField(MAX_LABEL_NAME_LENGTH)
  name: string;

  @OptionalNullAsAbsent()
  @SlugField()
  slug?: string;
}
