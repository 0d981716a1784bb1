import { TOAST_DEFAULT_DURATION_MS } from '../../shared/src/stores/toast-store';
import { test, expect, afterPageTimers, expectNoSeriousA11yViolations, type Page } from '../fixtures/test';

/** A failed admin sign-in is a real way to raise a destructive toast; resolves once the new one shows. */
async function failSignIn(page: Page) {
  // The toast shown now, if any (read at once: there may be none).
  const before = await page.getByTestId('toast').evaluateAll((toasts) => toasts[0]?.getAttribute('data-toast-id') ?? null);
  await page.getByLabel('E-mail').fill('nobody@example.in');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('toast')).toHaveAttribute('data-toast-id', /.+/);
  await expect(page.getByTestId('toast')).not.toHaveAttribute('data-toast-id', before ?? '__none__');
}

test.describe('toasts', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('city.lang', 'en'));
  });

  test('one at a time, gone after 5 s, paused while hovered, closed by button or Escape, F8 focuses them', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin-login');
    await failSignIn(page);
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(/Failed/);
    await failSignIn(page);
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // Wide screens: bottom-right.
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 80);
    expect(box.y + box.height).toBeGreaterThan(800 - 80);

    // Auto-dismiss after the default 5000 ms.
    await expect(toast).toHaveCount(0, { timeout: 8000 });

    // Hover holds it past its duration.
    await failSignIn(page);
    await toast.hover();
    // Past its duration in the page's own timers (its dismissal timer was set when it showed).
    await afterPageTimers(page, TOAST_DEFAULT_DURATION_MS + 1_500);
    await expect(toast).toHaveCount(1);
    await page.mouse.move(0, 0);
    await expect(toast).toHaveCount(0, { timeout: 8000 });

    // Close button.
    await failSignIn(page);
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toHaveCount(0);

    // F8 then Escape from the keyboard.
    await failSignIn(page);
    await page.keyboard.press('F8');
    await expect(page.locator('.toaster__viewport')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toast).toHaveCount(0);

    // F8, Tab to the toast, Escape.
    await failSignIn(page);
    await page.keyboard.press('F8');
    await page.keyboard.press('Tab');
    await expect(toast).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toast).toHaveCount(0);
  });

  test('on a phone the toast sits at the top and a swipe closes it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin-login');
    await failSignIn(page);
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(60);
    await page.mouse.move(box.x + 40, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + 20, { steps: 4 });
    await page.mouse.move(box.x + 140, box.y + 20, { steps: 4 });
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });
});
