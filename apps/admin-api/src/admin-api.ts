import { createHttpApp, HttpApp } from '@platform/http';
import { createAppContainer, Infrastructure } from '@platform/runtime';
import { AdminAuthController } from './auth/admin-auth.controller';
import { AdminCoursesController } from './catalog/courses/admin-courses.controller';
import { AdminCurriculumController } from './catalog/courses/admin-curriculum.controller';
import { AdminDigitalBooksController } from './catalog/digital-books/admin-digital-books.controller';
import { AdminPromotionsController } from './promotions/admin-promotions.controller';

export const ADMIN_API_CONTROLLERS = [AdminAuthController, AdminCoursesController, AdminCurriculumController, AdminDigitalBooksController, AdminPromotionsController];

/** Composition root of admin-api: every `/api/admin/...` route and admin uploads. */
export function createAdminApi(infra: Infrastructure): HttpApp {
  return createHttpApp({
    name: 'admin-api',
    infra,
    container: createAppContainer('admin-api', infra),
    controllers: ADMIN_API_CONTROLLERS,
    openapi: { title: 'Admin API', description: 'Back-office routes: catalog, training, orders, subscriptions, channels, content, uploads.' },
  });
}
