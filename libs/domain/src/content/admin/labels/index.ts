/** Admin categories and tags of newsletter items (routes of our design, CONTRACT section 10). */
export { CreateContentLabelDto } from './dto/create-content-label.dto';
export type { ContentLabelKind } from './content-labels.repository';
export { ContentLabelsService } from './content-labels.service';
export { CreateContentLabelUseCase } from './use-cases/create-content-label.use-case';
export { DeleteContentLabelUseCase } from './use-cases/delete-content-label.use-case';
