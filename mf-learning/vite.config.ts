import { microAppConfig } from '../vite.micro-app';

export default microAppConfig('mf-learning');
