export * from './registration';
export * from './text';
export * from './verhoeff';
