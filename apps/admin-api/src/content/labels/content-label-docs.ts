/** OpenAPI text the category and tag routes share. */
export const LABEL_VIEW = 'data is a ContentLabelView: id, name, slug.';
export const BAD_ID = 'an id that is not a positive integer (not digits, 0, a leading zero) is 400 VALIDATION_ERROR.';
export const CREATE_RULES =
  'Body CreateContentLabelDto: name (trimmed, 1-100 characters, no control characters), slug? (lower-case letters and ' +
  'digits in hyphen-separated words, at most 120 characters; made from the name when absent). A slug another label of the ' +
  'same kind holds, sent or made from the name, is 409 CONFLICT. Body problems are 400 VALIDATION_ERROR with errors[].';
