// Identity and notification journeys through the gateway, with the real SMTP sink: sign-up and
// email verification, sign-in and sign-out (the token is revoked), password reset, and an admin
// changing an employee's shift. Needs STACK_SERVICES to include identity and notification.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { linkTo, uniqueEmail, waitForEmail } from './support/inbox.js';
import { registerThroughApi, screenshot, statusOfToken, storedToken } from './support/session.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOutThroughMenu(page: Page) {
  await page.locator('.user-menu__trigger').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${baseUrl()}/`);
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
}

describe('accounts through the browser', () => {
  it('signs up, verifies the email from the inbox, signs in, and signs out for good', async () => {
    const { page, problems } = await newPage(browser);
    const email = uniqueEmail('journey-signup');
    const password = 'Lotus-garden-42';

    await page.goto('/auth/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await screenshot(page, 'register');
    await page.getByLabel('Full name').fill('Asha <b>Menon</b>');
    await page.getByLabel('Email', { exact: true }).fill(email);
    // The form states the policy and refuses a weak password before asking the server.
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').filter({ hasText: 'at least one letter and one digit' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Sign-up signs nobody in (its answer must not tell a new address from a taken one): check your email.
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await signInThroughForm(page, email, password);
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome back, Asha' }).waitFor();
    const registrationToken = await storedToken(page);
    expect(registrationToken).toBeTruthy();

    // On a fresh load, an unverified user is asked to verify after 2 seconds.
    await page.reload();
    const prompt = page.getByRole('dialog', { name: 'Verify your email address' });
    await prompt.waitFor({ timeout: 6_000 });
    await screenshot(page, 'verification-popup');
    await prompt.getByRole('button', { name: 'Later' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await screenshot(page, 'dashboard-user');

    const verification = await waitForEmail(email, /Verify your email/);
    expect(verification.html).toContain('Hello Asha,');
    expect(verification.html).not.toContain('<b>Menon</b>');
    const verifyLink = linkTo(verification, '/auth/verify-email/');
    expect(verifyLink.startsWith(`${baseUrl()}/auth/verify-email/`)).toBe(true);
    await page.goto(verifyLink);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.getByText('Your email address is confirmed').waitFor();

    await signOutThroughMenu(page);
    expect(await storedToken(page)).toBeNull();
    await expect.poll(() => statusOfToken(registrationToken!)).toBe(401);

    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'sign-in');
    await signInThroughForm(page, email, password);
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome back, Asha' }).waitFor();
    // Verified now: no reminder on the dashboard.
    expect(await page.getByRole('button', { name: 'Send Verification Email' }).count()).toBe(0);
    const token = await storedToken(page);
    expect(await statusOfToken(token!)).toBe(200);

    await signOutThroughMenu(page);
    await expect.poll(() => statusOfToken(token!)).toBe(401);
    // The guarded dashboard now sends the visitor to sign in.
    await page.goto('/dashboard');
    await page.waitForURL(`${baseUrl()}/login`);
    expect(problems).toEqual([]);
  });

  it('resets a forgotten password from the emailed link; the old password and the used link stop working', async () => {
    const { page, problems } = await newPage(browser);
    const email = uniqueEmail('journey-reset');
    const oldPassword = 'Lotus-garden-42';
    const newPassword = 'Jasmine-oil-77';
    await registerThroughApi({ name: 'Kabir Rao', email, password: oldPassword });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password' }).click();
    await page.getByRole('heading', { name: 'Forgot Your Password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'A password reset link has been sent to your email.' })
      .first()
      .waitFor();

    const resetEmail = await waitForEmail(email, /Reset your/);
    const resetLink = linkTo(resetEmail, '/auth/reset-password/');
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Set a New Password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Password reset successful! Redirecting to sign in...' })
      .first()
      .waitFor();
    const redirectedAt = Date.now();
    await page.waitForURL(`${baseUrl()}/login`);
    expect(Date.now() - redirectedAt).toBeGreaterThan(1_000);

    await signInThroughForm(page, email, oldPassword);
    await page.getByRole('alert').waitFor();
    expect(pathOf(page)).toBe('/login');
    await signInThroughForm(page, email, newPassword);
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome back, Kabir' }).waitFor();

    // The link worked once; a second use is refused with the server's message.
    await page.goto(resetLink);
    await page.getByLabel('New password', { exact: true }).fill('Another-pass-99');
    await page.getByLabel('Confirm new password').fill('Another-pass-99');
    await page.getByRole('button', { name: 'Reset password' }).click();
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).not.toContain('successful');
    expect(pathOf(page)).toMatch(/^\/auth\/reset-password\//);
    expect(problems).toEqual([]);
  });

  it("lets an admin change an employee's shift and shows it in the directory", async () => {
    const { page, problems } = await newPage(browser);
    await page.goto('/login');
    await signInThroughForm(page, 'admin@spa.local', 'Admin@12345');
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByRole('tab', { name: 'Dashboard', selected: true }).waitFor();
    await page.getByRole('tabpanel').locator('.page-loader').waitFor({ state: 'detached' });
    await screenshot(page, 'dashboard-admin');

    await page.getByRole('tab', { name: 'Employees' }).click();
    const row = page.getByRole('row').filter({ hasText: 'reception@spa.local' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Morning');
    await screenshot(page, 'employee-management');

    // Every column of the spec's directory.
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Name',
      'Email',
      'Role',
      'Emp Role',
      'Shift',
      'Location',
      'Status',
      'Emp ID',
      'Actions',
    ]);
    expect(await row.textContent()).toContain('Available');
    await row.getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit / });
    await dialog.waitFor();
    await dialog.getByLabel('Shift').selectOption('night');
    await screenshot(page, 'employee-edit');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => row.textContent()).toContain('Night');

    // The filters find the employee under the new shift, on the stand-alone page too.
    await page.goto('/dashboard/employees');
    await page.getByRole('button', { name: 'Search Filters' }).click();
    await page.getByLabel('Shift').selectOption('night');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('row').filter({ hasText: 'reception@spa.local' }).waitFor();
    await expect.poll(async () => page.getByRole('row').filter({ hasText: 'Morning' }).count()).toBe(0);

    // Employee roles: add, edit, delete (with confirmation).
    await page.getByRole('tab', { name: 'Employee Roles' }).click();
    await page.getByRole('row').filter({ hasText: 'Service Staff' }).waitFor();
    await page.getByRole('button', { name: 'Add Role' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Add Role' });
    await roleDialog.getByRole('button', { name: 'Add role' }).click();
    await roleDialog.getByRole('alert').filter({ hasText: 'Role name is required' }).waitFor();
    await roleDialog.getByLabel('Name').fill('Aromatherapist');
    await roleDialog.getByLabel('Description').fill('Essential-oil massages');
    await roleDialog.getByRole('button', { name: 'Add role' }).click();
    const roleRow = page.getByRole('row').filter({ hasText: 'Aromatherapist' });
    await roleRow.waitFor();
    expect(await roleRow.textContent()).toContain('Active');
    await roleRow.getByRole('button', { name: 'Edit Aromatherapist' }).click();
    const editRole = page.getByRole('dialog', { name: 'Edit Role' });
    await editRole.getByLabel('Active').uncheck();
    await editRole.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => roleRow.textContent()).toContain('Inactive');
    await screenshot(page, 'employee-roles');
    await roleRow.getByRole('button', { name: 'Delete Aromatherapist' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete role' });
    await confirm.getByText('Are you sure you want to delete this role?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await roleRow.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('shows an employee their role, location and department', async () => {
    const { page, problems } = await newPage(browser);
    await page.goto('/login');
    await signInThroughForm(page, 'therapist@spa.local', 'Staff@12345');
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Hello, Anjali' }).waitFor();
    const cards = page.locator('.info-cards');
    await expect.poll(() => cards.textContent()).toContain('Service Staff');
    expect(await cards.textContent()).toContain('Palasia');
    expect(await cards.textContent()).toContain('Night shift');
    expect(await cards.textContent()).toContain('Therapies & Treatments');
    await screenshot(page, 'dashboard-employee');
    expect(problems).toEqual([]);
  });

  it('lets a customer edit their profile and change their password in settings', async () => {
    const { page, problems } = await newPage(browser);
    const email = uniqueEmail('journey-settings');
    await registerThroughApi({ name: 'Zoya Khan', email, password: 'Lotus-garden-42' });
    await page.goto('/settings');
    await page.waitForURL(`${baseUrl()}/login`);
    await signInThroughForm(page, email, 'Lotus-garden-42');
    // The guard sent the visitor to sign in; afterwards they land where they wanted to go.
    await page.waitForURL(`${baseUrl()}/settings`);
    // Not verified: after a load the reminder comes up; "Later" puts it away.
    await page.reload();
    const prompt = page.getByRole('dialog', { name: 'Verify your email address' });
    await prompt.getByRole('button', { name: 'Later' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();

    await page.getByLabel('Full name').fill('Zoya Mirza');
    await page.getByLabel('Phone').fill('+91 98260 12345');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await expect.poll(() => page.locator('.user-menu__first-name').textContent()).toBe('Zoya');

    await page.getByLabel('Current password').fill('not-my-password-1');
    await page.getByLabel('New password', { exact: true }).fill('Sandal-wood-55');
    await page.getByLabel('Confirm new password').fill('Sandal-wood-55');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }).waitFor();
    await page.getByLabel('Current password').fill('Lotus-garden-42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await screenshot(page, 'settings');

    await signOutThroughMenu(page);
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.waitForURL(`${baseUrl()}/login`);
    await signInThroughForm(page, email, 'Sandal-wood-55');
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome back, Zoya' }).waitFor();

    await page.goto('/help');
    await page.getByRole('heading', { name: 'How can we help?' }).waitFor();
    await page.getByText('Can I cancel or reschedule?').click();
    await page.getByText('up to 4 hours before your appointment starts').waitFor();
    await screenshot(page, 'help');
    await page.goto('/terms');
    await page.getByRole('heading', { name: 'Terms and policies' }).waitFor();
    expect(problems).toEqual([]);
  });
});
