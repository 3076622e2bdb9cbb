import { test, expect } from '@playwright/test'
test('chromium runs', async ({ page }) => {
  await page.setContent('<p>hello</p>')
  await expect(page.locator('p')).toHaveText('hello')
})
