import { Result } from 'antd';

/** antd's Result as a module of its own, for LazyResult. */
export default Result;
