import { expect, screenshotDir, test } from './support/fixtures.js';

test.describe('start screen', () => {
  test.use({ withProject: false });

  test('opens a typed folder, lists it as recent, and explains a bad path', async ({ app }) => {
    const { page, projectDir } = app;
    await expect(page.getByRole('heading', { name: 'Open a project' })).toBeVisible();
    await expect(page.getByText('No recent projects yet.')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/start.png` });

    await page.getByLabel('Folder path').fill('/definitely/not/here');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('does not exist');

    await page.getByLabel('Folder path').fill(projectDir);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Project' })).toContainText(projectDir.split('/').pop()!);
    await expect(page.getByText('git work tree')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/project.png` });

    await page.getByRole('button', { name: 'Close project' }).click();
    await expect(page.getByRole('list', { name: 'Recent projects' })).toContainText(projectDir);
  });
});
