/** What the screens call each instance state (OpsInstanceEnum). */
export const instanceStatusNames: Record<number, string> = {
  0: '创建中',
  1: '开机中',
  2: '运行中',
  3: '关机中',
  4: '已关机',
  5: '释放中',
  6: '已释放',
  7: '重置中',
  8: '保存镜像中',
  9: '创建失败',
};
