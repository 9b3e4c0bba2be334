import { expect, type Page } from '@playwright/test';
import { EntityPages } from './entity.pages';
import { chooseOption } from './shell.pages';

// Segments and campaigns, driven as a person would: the generic pages plus the segment's filter
// builder with its live count and a campaign's segments, template and actions.
export class CampaignPages {
  readonly segments: EntityPages;
  readonly campaigns: EntityPages;

  constructor(private readonly page: Page) {
    this.segments = new EntityPages(page, '/segments', 'Segments', 'Segment');
    this.campaigns = new EntityPages(page, '/campaigns', 'Campaigns', 'Campaign');
  }

  // on a segment's page: one filter row of the contacts' filter builder, then the live count
  async addSegmentFilter(field: string, operator: string, value: string): Promise<void> {
    const form = this.segments.form();
    await form.getByRole('button', { name: /Filters$/ }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog.getByRole('group', { name: 'Filter 1', exact: true })).toBeVisible();
    await dialog.getByLabel('Field of filter 1').fill(field);
    await chooseOption(this.page, field);
    await dialog.getByLabel('Condition of filter 1').click();
    await chooseOption(this.page, operator);
    await dialog.getByLabel('Value of filter 1').fill(value);
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await expect(dialog).toBeHidden();
  }

  async save(): Promise<void> {
    const form = this.segments.form();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByText('Saved').first()).toBeVisible();
  }
}
