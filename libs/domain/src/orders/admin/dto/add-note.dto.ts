import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../shared';

/** POST /api/admin/orders/:id/notes (learning-commerce.md, "Orders" DTO table: note 1-1000 characters, after trimming). */
export class AddNoteDto {
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  // PostgreSQL text cannot hold NUL: refused here rather than failing in the database.
  // eslint-disable-next-line no-control-regex
  @Matches(/^[^\u0000]*$/, { message: 'note must not contain NUL characters' })
  note: string;
}
