export * from './auth'
export * from './book'
export * from './genre'
export * from './code-request'
