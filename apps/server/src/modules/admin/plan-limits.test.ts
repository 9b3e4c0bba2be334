import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { assertWithinPlanLimit } from './subscriptions.service';

describe('plan limits', () => {
  it('Free Workplace allows one location and one booking page', () => {
    const ctx = { plans: ['workplace-free', 'helpdesk-free', 'project-free'] };
    expect(() => assertWithinPlanLimit(ctx, 'locations', 0)).not.toThrow();
    const err = (() => {
      try {
        assertWithinPlanLimit(ctx, 'locations', 1);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('planLimitReached');
    expect((err as AppError).extra?.limit).toBe('locations');
    expect(() => assertWithinPlanLimit(ctx, 'bookingPages', 1)).toThrow(AppError);
  });

  it('Free Helpdesk allows one helpdesk, Pro lifts it; users are unlimited', () => {
    expect(() => assertWithinPlanLimit({ plans: ['helpdesk-free'] }, 'helpdesks', 1)).toThrow(AppError);
    expect(() => assertWithinPlanLimit({ plans: ['helpdesk-pro'] }, 'helpdesks', 50)).not.toThrow();
    expect(() => assertWithinPlanLimit({ plans: [] }, 'users', 10_000)).not.toThrow();
  });
});
