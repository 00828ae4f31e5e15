import { Body, Get, JsonController, Param, Put } from 'routing-controllers';
import { Service } from 'typedi';
import { PutTrainingFormConfigUseCase, TrainingFormConfigService, UpdateTrainingFormConfigDto } from '@platform/domain';
import { ApiDoc, ApiResponse, RequirePermission } from '@platform/http';

const CONFIG_FIELDS =
  'TrainingFormConfigDto: { trainingId, fields: [{ key, label, type, required, options? }], updatedAt }. An unknown training is 404 TRAINING_NOT_FOUND.';

/** A training's enrollment form, for admins (learning-commerce.md "Training admin"; body CONTRACT §10). */
@Service()
@JsonController('/api/admin/training/:id(\\d+)/form-config')
export class AdminTrainingFormConfigController {
  constructor(
    private readonly forms: TrainingFormConfigService,
    private readonly putForm: PutTrainingFormConfigUseCase,
  ) {}

  @Get()
  @RequirePermission('Training_READ')
  @ApiDoc('The enrollment form of a training', `data is the ${CONFIG_FIELDS} data is null when the training has no form.`)
  async get(@Param('id') id: number) {
    return ApiResponse.ok(await this.forms.get(id));
  }

  @Put()
  @RequirePermission('Training_UPDATE')
  @ApiDoc(
    'Set the enrollment form of a training (replacing the previous one)',
    'Body { fields: [{ key, label, type: text|email|phone|number|select|textarea|checkbox, required, options? }] }, at most 50 fields. ' +
      'A key starts with a letter and holds letters, digits and _ (at most 64); keys are unique. options (non-empty, distinct strings) ' +
      'are required for a select field and refused on any other type. Any breach is 400 VALIDATION_ERROR naming the field. ' +
      `data is the ${CONFIG_FIELDS}`,
  )
  async put(@Param('id') id: number, @Body() dto: UpdateTrainingFormConfigDto) {
    return ApiResponse.ok(await this.putForm.execute(id, dto), 'Enrollment form saved successfully');
  }
}
