import { describeOperations } from '@platform/testing';
import { createJobsApp } from './jobs-app';

describeOperations('jobs', createJobsApp, {});
