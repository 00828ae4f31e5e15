import type { AdminModel, UserModel } from '@platform/db';

export interface CustomerView {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  createdAt: Date;
}

export interface AdminView {
  id: string;
  email: string;
  fullName: string;
  permissions: string[];
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
}

export const toCustomerView = (user: UserModel): CustomerView => ({
  id: user.id,
  email: user.email,
  fullName: user.fullName,
  phone: user.phone,
  createdAt: user.createdAt,
});

export const toAdminView = (admin: AdminModel): AdminView => ({
  id: admin.id,
  email: admin.email,
  fullName: admin.fullName,
  permissions: admin.permissions,
});

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
