import { AdminModel } from './admin.model';
import { RefreshTokenModel } from './refresh-token.model';
import { UserModel } from './user.model';

export { AdminModel, RefreshTokenModel, UserModel };

/** Models grouped by bounded context; an app registers the groups it composes. */
export const identityModels = [UserModel, AdminModel, RefreshTokenModel];

/** Every model. Sequelize binds a model class to one connection, so a process registers them once. */
export const ALL_MODELS = [...identityModels];
