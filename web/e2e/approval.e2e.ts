// A stranger who registers as an employee waits for an admin: the applicant sees
// the waiting state, the admin approves on a 390 px screen with the keyboard (refused until the email
// is verified), the applicant's old token stops working, the approval email arrives, and the next
// sign-in shows the employee dashboard. Needs identity, notification and booking in STACK_SERVICES.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { linkTo, uniqueEmail, waitForEmail } from './support/inbox.js';
import { screenshot, statusOfToken, storedToken } from './support/session.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl()}/dashboard`);
}

describe('employee accounts need an admin', () => {
  it('registers an applicant who waits, and an admin approves them once the email is verified', async () => {
    const applicant = await newPage(browser);
    const email = uniqueEmail('applicant');
    const password = 'Lotus-garden-42';

    await applicant.page.goto('/auth/register');
    await applicant.page.getByLabel('Full name').fill('Kavya Nair');
    await applicant.page.getByLabel('Email', { exact: true }).fill(email);
    await applicant.page.getByLabel('Password', { exact: true }).fill(password);
    await applicant.page.getByLabel('Employee', { exact: true }).check();
    await applicant.page.getByText('An administrator approves staff accounts.').waitFor();
    await applicant.page.getByLabel('Employee role').selectOption('servicestaff');
    await applicant.page.getByLabel('Shift').selectOption('morning');
    await applicant.page.getByLabel('Working location').fill('Palasia');
    await applicant.page.getByRole('button', { name: 'Create account' }).click();
    // Sign-up signs nobody in (its answer must not tell a new address from a taken one).
    await applicant.page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await signInThroughForm(applicant.page, email, password);
    const waiting = applicant.page.getByRole('status').filter({ hasText: 'Waiting for approval' });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Palasia');
    await screenshot(applicant.page, 'applicant-waiting');
    // A customer's dashboard, not the staff screens.
    await applicant.page.getByRole('heading', { name: 'Welcome back, Kavya' }).waitFor();
    const applicantToken = await storedToken(applicant.page);
    expect(applicantToken).toBeTruthy();

    // The admin, on a phone-sized screen, finds the application first.
    const admin = await newPage(browser);
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await signInThroughForm(admin.page, 'admin@spa.local', 'Admin@12345');
    await admin.page.goto('/dashboard/employees');
    const card = admin.page
      .getByRole('region', { name: /Waiting for approval/ })
      .getByRole('row')
      .filter({ hasText: 'Kavya Nair' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Not verified');
    // The directory's first row (the applicants' own table comes before it).
    const firstRow = admin.page.getByRole('table').last().getByRole('row').nth(1);
    await expect.poll(() => firstRow.textContent()).toContain('Applicant');
    await screenshot(admin.page, 'admin-applicants-390');

    // Approval is refused before the email is verified (keyboard only).
    const approve = card.getByRole('button', { name: 'Approve Kavya Nair' });
    await approve.focus();
    await admin.page.keyboard.press('Enter');
    const confirm = admin.page.getByRole('dialog', { name: 'Approve employee' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Approve', exact: true }).focus();
    await admin.page.keyboard.press('Enter');
    await expect.poll(() => toast(admin.page, 'not verified their email').count()).toBe(1);
    await card.waitFor();

    // The applicant verifies; the admin approves.
    const verification = await waitForEmail(email, /Verify your email/);
    await applicant.page.goto(linkTo(verification, '/auth/verify-email/'));
    await applicant.page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await admin.page.reload();
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Verified');
    await card.getByRole('button', { name: 'Approve Kavya Nair' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Approve employee' })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await card.waitFor({ state: 'detached' });
    const row = admin.page.getByRole('row').filter({ hasText: email });
    await expect.poll(() => row.textContent()).toContain('Employee');
    expect(await row.textContent()).toMatch(/EMP-\d{4}/);

    // The old token is refused everywhere; the email says so; the next sign-in has the staff screens.
    await expect.poll(() => statusOfToken(applicantToken!)).toBe(401);
    const approved = await waitForEmail(email, /staff account is approved/);
    expect(linkTo(approved, '/login')).toBe(`${baseUrl()}/login`);
    await applicant.page.evaluate(() => window.localStorage.clear());
    await signInThroughForm(applicant.page, email, password);
    await applicant.page.getByRole('heading', { name: 'Hello, Kavya' }).waitFor();
    expect(await applicant.page.getByText('Waiting for approval').count()).toBe(0);
    await screenshot(applicant.page, 'applicant-approved');

    expect(applicant.problems).toEqual([]);
    expect(admin.problems).toEqual([]);
  });
});
