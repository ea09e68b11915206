import { currentUser, keepForCaller, pageRequest, requireAuth, setPageHeaders } from '@spa/kit';
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../use-cases/context.js';
import { listRoles } from '../use-cases/employee-roles.js';
import { changePassword, currentAccount, updateProfile } from '../use-cases/profile.js';
import { forgotPassword, resetPassword, sendVerificationEmail, verifyEmail } from '../use-cases/recovery.js';
import { register } from '../use-cases/registration.js';
import type { SignedIn } from '../use-cases/sessions.js';
import { signIn, signInWithGoogle, signOut } from '../use-cases/sign-in.js';
import { assertDesk, createWalkInCustomer } from '../use-cases/walk-in-customers.js';
import type { RegistrationInput } from '../domain/registration.js';
import type { WalkInCustomerInput } from '../domain/walk-in-customer.js';
import {
  authConfigSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  googleSchema,
  loginSchema,
  logoutSchema,
  meSchema,
  publicRolesSchema,
  registerSchema,
  resetPasswordSchema,
  sendVerificationSchema,
  updateMeSchema,
  verifyEmailSchema,
  walkInCustomerSchema,
} from './auth.schemas.js';
import { SignInThrottled } from '../db/sign-in-throttle.js';
import { clientAddress, deviceCookie, presentedDevice } from './client-address.js';
import { toUserView } from './user.schemas.js';

const signedInView = ({ token, user }: SignedIn) => ({ token, user: toUserView(user) });

/** The /auth endpoints of the spec (section 7), plus what /settings and the sign-in page need. */
export function authRoutes(context: IdentityContext) {
  return (app: FastifyInstance) => {
    // A throttled sign-in says when to come back, in the header as well as the message.
    app.addHook('onError', async (_request, reply, error) => {
      if (error instanceof SignInThrottled) reply.header('retry-after', String(error.retryAfterSeconds));
    });

    app.post<{ Body: RegistrationInput }>(
      '/auth/register',
      { schema: registerSchema },
      async (request, reply) => reply.status(201).send({ message: await register(context, request.body) }),
    );

    app.post<{ Body: { email: string; password: string } }>(
      '/auth/login',
      { schema: loginSchema },
      async (request, reply) => {
        const signedIn = await signIn(context, request.body, {
          address: clientAddress(request),
          device: presentedDevice(request),
        });
        reply.header(
          'set-cookie',
          deviceCookie(
            signedIn.device,
            context.config.signInThrottle.deviceMemorySeconds,
            context.config.nodeEnv === 'production',
          ),
        );
        return { data: signedInView(signedIn) };
      },
    );

    app.post<{ Body: { tokenId: string } }>('/auth/google', { schema: googleSchema }, async (request) =>
      signedInView(await signInWithGoogle(context, request.body.tokenId)),
    );

    app.post('/auth/logout', { schema: logoutSchema, preValidation: requireAuth }, async (request) => {
      await signOut(context, currentUser(request));
      return { message: 'You have been signed out.' };
    });

    app.post<{ Body: { email: string } }>(
      '/auth/forgot-password',
      { schema: forgotPasswordSchema },
      (request) => ({ message: forgotPassword(context, request.body.email) }),
    );

    app.post<{ Params: { token: string }; Body: { password: string } }>(
      '/auth/reset-password/:token',
      { schema: resetPasswordSchema },
      async (request) => ({
        message: await resetPassword(context, request.params.token, request.body.password),
      }),
    );

    app.get<{ Params: { token: string } }>(
      '/auth/verify-email/:token',
      { schema: verifyEmailSchema },
      async (request) => ({ message: await verifyEmail(context, request.params.token) }),
    );

    app.post(
      '/auth/send-verification-email',
      { schema: sendVerificationSchema, preValidation: requireAuth },
      async (request) => ({ message: await sendVerificationEmail(context, currentUser(request)) }),
    );

    app.get('/auth/me', { schema: meSchema, preValidation: requireAuth }, async (request, reply) => {
      keepForCaller(reply);
      return { user: toUserView(await currentAccount(context, currentUser(request))) };
    });

    app.put<{ Body: { name?: string; phone?: string | null } }>(
      '/auth/me',
      { schema: updateMeSchema, preValidation: requireAuth },
      async (request) => ({
        user: toUserView(await updateProfile(context, currentUser(request), request.body)),
      }),
    );

    app.post<{ Body: { currentPassword: string; newPassword: string } }>(
      '/auth/change-password',
      { schema: changePasswordSchema, preValidation: requireAuth },
      async (request) => ({
        message: await changePassword(context, currentUser(request), request.body, clientAddress(request)),
      }),
    );

    app.post<{ Body: WalkInCustomerInput }>(
      '/auth/walk-in-customers',
      {
        schema: walkInCustomerSchema,
        // The desk check comes before the body is validated, like the admin routes' role check.
        preValidation: [requireAuth, async (request) => assertDesk(context, currentUser(request))],
      },
      async (request, reply) => {
        const user = await createWalkInCustomer(context, currentUser(request), request.body);
        return reply.status(201).send({ user: toUserView(user) });
      },
    );

    app.get('/auth/config', { schema: authConfigSchema }, () => ({
      googleClientId: context.google.clientId ?? null,
    }));

    app.get<{ Querystring: { page?: number; pageSize?: number } }>(
      '/auth/employee-roles',
      { schema: publicRolesSchema },
      async (request, reply) => {
        const page = pageRequest(request.query);
        const { roles, total } = await listRoles(context, { activeOnly: true }, page);
        setPageHeaders(reply, page, total);
        return {
          roles: roles.map(({ id, name, description }) => ({ _id: id, id, name, description })),
          total,
          page: page.number,
          pageSize: page.size,
        };
      },
    );
  };
}
