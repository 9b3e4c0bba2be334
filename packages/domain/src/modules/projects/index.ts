export * from './project.entity';
export * from './project-template.entity';
export * from './task.entity';
export * from './task-schedule.entity';
export * from './projects.enumerations';
export * from './projects.permissions';
export * from './task-scheduling';
export * from './task-links.schema';
