import type { ApiRoute } from '../instance.js';
import { aiRoutes } from './ai.js';
import { analyticsRoutes } from './analytics.js';
import { formRoutes } from './forms.js';
import { presetRoutes } from './presets.js';
import { teamRoutes } from './team.js';
import { templateRoutes } from './templates.js';
import { submissionRoutes } from './submissions.js';
import { uploadRoutes } from './uploads.js';
import { webhookRoutes } from './webhook.js';

/** Every route of API v1 the sandbox serves, matched in this order. */
export const API_ROUTES: ReadonlyArray<ApiRoute<any>> = [...formRoutes, ...analyticsRoutes, ...submissionRoutes, ...uploadRoutes, ...webhookRoutes, ...presetRoutes, ...templateRoutes, ...teamRoutes, ...aiRoutes];
