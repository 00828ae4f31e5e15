export { CreateDigitalBookDto, UpdateDigitalBookDto } from './dto/digital-book.dto';
export { DigitalBookQueryDto } from './dto/digital-book-query.dto';
export { toDigitalBookView } from './digital-book.views';
export type { DigitalBookView, DigitalBookWithProduct } from './digital-book.views';
export { DigitalBooksService } from './digital-books.service';
export { CreateDigitalBookUseCase } from './use-cases/create-digital-book.use-case';
export { UpdateDigitalBookUseCase } from './use-cases/update-digital-book.use-case';
export { SetDigitalBookPublishedUseCase } from './use-cases/set-digital-book-published.use-case';
export { DeleteDigitalBookUseCase } from './use-cases/delete-digital-book.use-case';
