// Which part of the portal owns each route of spec §2, with the page title and purpose shown
// until the feature issues fill the pages. The root config registers the micro-apps from this
// table, and each micro-app receives the matched entry through its `route` prop.

import type { LayoutName, MicroAppName, RouteEntry, RouteOwner } from '@rc/shared-utility';

export type { MicroAppName, RouteEntry };

export const microAppLabels: Readonly<Record<MicroAppName, string>> = {
  '@rc/mf-console': '控制台',
  '@rc/mf-storage': '存储',
  '@rc/mf-billing': '费用',
  '@rc/mf-community': '社区',
  '@rc/mf-learning': '学习',
};

export const microApps = Object.keys(microAppLabels) as MicroAppName[];

type Row = readonly [path: string, title: string, purpose: string];

function rows(owner: RouteOwner, list: readonly Row[], layout?: LayoutName): RouteEntry[] {
  return list.map(([path, title, purpose]) => ({
    path,
    owner,
    title,
    purpose,
    layout: layout ?? (path.startsWith('/account') ? 'account' : 'default'),
  }));
}

const shellRoutes = rows('shell', [
  ['/', '首页', '租用 GPU 算力、管理数据与学习交流的入口。'],
  ['/index', '首页', '租用 GPU 算力、管理数据与学习交流的入口。'],
  ['/login', '登录', '使用手机号和密码或短信验证码登录。'],
  ['/register', '注册', '使用手机号注册算力云账号。'],
  ['/reset', '重置密码', '通过短信验证码重新设置登录密码。'],
  ['/redirect', '页面跳转', '正在跳转到目标页面。'],
  ['/null', '暂无内容', '这里暂时没有可以显示的内容。'],
  ['/agreement', '用户协议', '注册与使用算力云服务须遵守的协议。'],
  ['/privacy', '隐私政策', '算力云如何收集、使用与保护你的个人信息。'],
]);

const consoleRoutes = rows('@rc/mf-console', [
  ['/vnc', '远程桌面', '在浏览器中通过 VNC 连接容器实例的图形桌面。'],
  ['/account/home', '控制台', '查看余额、实例、消息与实名状态，快速进入常用功能。'],
  [
    '/account/instanceManage',
    '容器实例',
    '按秒计费，关机即停止计算计费。按量计费实例关机过久会自动释放：释放日期显示在列表中，提前 3 天消息提醒。',
  ],
  ['/account/instanceManage/addSSH', '添加 SSH 密钥', '使用 root 与实例密码登录，或在「SSH 登录」保存公钥后以 root.实例ID 免密登录。'],
  ['/account/instanceManage/monitor', '实例监控', 'CPU、内存与GPU利用率曲线（每 15 秒采样），以及按GPU利用率的闲置自动关机。'],
  ['/account/instanceManage/addSSH', '添加 SSH 密钥', '使用 root 与密码登录，或把你的公钥加入实例后免密登录。'],
  ['/account/instanceManage/changeConfig', '变更配置', '升降GPU数量（同一主机）与扩容数据盘，需在关机状态下操作。'],
  ['/account/instanceManage/changePayType', '变更计费方式', '在按量计费与包日、包周、包月之间切换，或为包周期续费。'],
  [
    '/account/instanceManage/statusChanage',
    '实例状态变更',
    '当前状态、可执行的操作，以及每次状态变化（由谁或什么引起）与其间的扣费、退款。',
  ],
  [
    '/account/instanceManage/webPorts',
    '自定义服务',
    '实例的网页端口：JupyterLab、应用的端口与最多 5 个自定义服务，在实例的独立域名上打开，或生成有有效期的分享链接。',
  ],
  ['/account/instanceManage/terminal', '终端', '在浏览器中打开运行中实例的命令行终端，无需 SSH 客户端。'],
  ['/account/instance', '实例', '查看我的全部容器实例及其运行状态。'],
  [
    '/account/suanli/create',
    '租用算力',
    '选择地区、GPU 型号、镜像与计费方式，创建新的容器实例：按秒计费，随时关机；包日/包周/包月更优惠且保留GPU。',
  ],
  ['/account/mirrorImage', '镜像', '在实例「更多 → 保存镜像」生成私有镜像（需关机），租用或更换镜像时可选用。'],
  [
    '/account/ssh',
    'SSH 登录',
    '保存公钥后可免密登录全部实例；查看实例的 SSH 登录指令与密码：用户名均为 root，密码点击眼睛图标查看，实例开机后即可登录。',
  ],
  [
    '/account/apiKey',
    'API 密钥',
    '脚本与 suanli 命令行用的密钥：按权限范围（只读、实例、存储、费用）调用接口；创建时只显示一次完整密钥，之后只显示末 4 位，可随时吊销。',
  ],
  ['/account/computPower', '算力资源', '各超算集群分区与智算GPU的空闲与占用：核数、GPU数与排队情况。'],
  ['/account/superHome', '超算控制台', '超算（HPC）账号开通状态、我的作业、本月核时用量与集群存储。'],
  ['/account/superPower', '超算资源', '购买核时资源包，或按分区价格按量付费；作业结束后按核时扣费，先扣资源包再扣余额。'],
  ['/account/superPower/enmu', '超算资源类型', '各集群分区的规格、单作业上限与价格。'],
  ['/account/personal', '个人中心', '集中管理个人信息、安全设置与消息。'],
  ['/account/info', '个人信息', '查看与修改昵称、头像等账号资料。'],
  ['/account/realAuth', '实名认证', '完成实名认证后即可租用算力与提现。'],
  ['/account/realAuth/credential', '证件认证', '上传身份证件信息完成实名认证。'],
  ['/account/reset', '修改密码', '通过短信验证码修改登录密码，修改后需重新登录。'],
  ['/account/message', '消息通知', '查看系统发给你的消息，标记已读或全部已读。'],
  ['/account/childUser', '子账号管理', '创建子账号，设置是否共享主账号余额，管理其手机号与密码。'],
  ['/account/childUser/balance', '子账号余额', '设置是否共享主账号余额；不共享时向子账号划拨或回收余额，并可设置月度预算。'],
  ['/account/childUser/bindMobile', '子账号绑定手机', '为子账号更换手机号，换绑后子账号用新手机号登录。'],
  ['/account/childUser/edit/edit', '编辑子账号', '查看子账号信息，修改共享设置。'],
  ['/account/childUser/reset/reset', '重置子账号密码', '为子账号设置新的登录密码。'],
  ['/account/workList', '我的作业', '提交超算批处理作业，查看排队与运行中的作业，取消作业，查看历史作业的用时、核时与扣费。'],
  ['/account/review/hpc', '超算开通审核', '审核用户的超算开通申请：通过后在集群上创建账号与目录，或填写原因驳回（运营人员）。'],
  ['/account/review/site', '站点信息', '修改网站标题、服务热线、客服联系方式与手机浏览器跳转的 H5 站点地址（运营人员）。'],
]);

const activityRoutes = rows(
  '@rc/mf-console',
  [['/noRecommend', '推荐链接无效', '这个推荐链接无效或推荐活动已停用，仍可直接注册。']],
  'activity',
);

const storageRoutes = rows('@rc/mf-storage', [
  ['/account/netDisk', '网盘', '按地区开通网盘，挂载到该地区实例的 /root/netdisk，在实例之间保存与共享数据。'],
  ['/account/fileDisk', '云盘', '按地区开通云盘，上传、下载与删除对象文件。'],
  ['/account/fileStorage', '文件存储', '查看各地区的文件存储用量，管理存储目录。'],
  ['/account/fileManage', '文件管理', '像在本地一样浏览、新建、移动、复制与重命名文件。'],
  ['/account/fileManage/fileList', '文件列表', '查看目录中的全部文件。'],
  ['/account/commonData', '公开数据', '浏览平台提供的公开数据集，可直接挂载到实例中使用。'],
  ['/account/download', '我的下载', '查看后台复制、移动任务的进度与失败项，以及下载记录；文件仍在时可再次下载。'],
  ['/account/share', '我的分享', '我创建的分享链接：复制链接与提取码、查看访问记录（时间、地址、下载了什么）、取消分享。'],
  ['/s/:token?', '文件分享', '打开好友分享的文件、文件夹或数据集，无需登录：输入提取码后即可下载。'],
  ['/account/dataManage/myData', '我的数据', '把网盘中的文件夹生成我的数据集，编辑、删除并只读挂载到实例。'],
  ['/account/upload', '文件上传', '分片上传大文件，支持暂停、继续、失败重试与断点续传；相同内容的文件秒传。'],
  ['/account/upload/helper', '上传助手', '了解上传大文件的方法与注意事项。'],
  ['/account/upload/test', '上传测试', '测试当前网络到存储服务的上传速度。测试数据不会保存，也不占用存储空间。'],
]);

const billingRoutes = rows('@rc/mf-billing', [
  ['/account/recharge', '充值', '为账户充值余额，用于租用算力与存储。'],
  ['/account/billDetails', '收支明细', '查看每一笔充值、消费与退款记录。'],
  ['/account/billDetails/:id', '收支详情', '查看一笔收支记录的详细信息。'],
  ['/account/order', '我的订单', '查看算力、存储与课程订单及其支付状态。'],
  ['/account/orderDetail/:id?', '订单详情', '查看订单的商品、金额与支付信息。'],
  ['/account/definAndDetail', '账单明细', '按资源与计费周期查看每一笔扣费明细。'],
  ['/account/invoice', '发票管理', '申请发票并查看开票记录。'],
  ['/account/invoice/invoiceMsg', '发票信息', '维护发票抬头：个人普票、企业普票与企业增值税专用发票。'],
  ['/account/invoice/orderInvoice', '订单开票', '选择已支付的订单申请开具发票。'],
  ['/account/invoice/rechargeInviice', '充值开票', '按金额为已消费的充值申请开具发票，不超过可开票金额。'],
  ['/account/review/invoice', '发票审核', '审核用户的开票申请：开具电子发票、驳回或红冲。'],
  ['/account/draw_money', '提现', '将可提现收益提现到与实名认证姓名一致的收款账户（充值余额不可提现）。'],
  ['/account/earnings', '我的收益', '查看推荐返佣与课程带来的收益、我的推荐码与推荐链接，以及我推荐的用户。'],
  ['/account/review/withdrawal', '提现审核', '审核用户的提现申请：通过后由打款渠道打款，或填写原因驳回。'],
  ['/account/voucher', '代金券', '兑换代金券，查看可用、已使用与已过期的代金券；下单时自动使用最优的代金券。'],
  ['/account/review/voucher', '发放代金券', '按面额、最低消费、适用范围、有效期与数量发放一批代金券（运营人员）。'],
  ['/account/superBill', '超算账单', '查看超算作业的计费账单。'],
  ['/account/assetsManage', '资产管理', '查看名下全部计费资源及其状态。'],
  ['/account/assetsManage/detail/:id?', '资产详情', '查看一项资产的配置与计费信息。'],
  ['/account/cpuBillManage', '算力账单', '按周期查看算力资源的账单。'],
  ['/account/cpuBillManage/detail/:id?', '算力账单详情', '查看一张算力账单的明细。'],
  ['/account/cpuResourceManage', '算力资源管理', '查看已购算力资源的用量与到期时间。'],
  ['/account/cpuResourceManage/detail/:id?', '算力资源详情', '查看一项算力资源的详细信息。'],
  ['/account/storeBillManage', '存储账单', '按周期查看存储资源的账单。'],
  ['/account/storeBillManage/detail/:id?', '存储账单详情', '查看一张存储账单的明细。'],
  ['/account/storeResourceManage', '存储资源管理', '查看已购存储资源的容量与到期时间。'],
  ['/account/storeResourceManage/detail/:id?', '存储资源详情', '查看一项存储资源的详细信息。'],
  ['/account/review/recharge', '充值核对', '核对订单关闭后才到账的充值，与支付机构对账后标记为已核对（运营人员）。'],
]);

const communityRoutes = rows('@rc/mf-community', [
  ['/search', '搜索', '在课程、博客、问答、资讯与应用中搜索内容。'],
  ['/blog', '博客', '阅读最新、热门与关注的技术博客。'],
  ['/blog/article/:id?', '博客文章', '阅读文章全文并参与评论。'],
  ['/blog/blogger/:id?', '博主主页', '查看博主的文章与粉丝。'],
  ['/blog/news/:id?', '资讯', '阅读平台资讯。'],
  ['/blog/account', '我的博客', '管理我发表的文章、收藏与粉丝。'],
  ['/blog/account/write', '写文章', '撰写并发表一篇技术博客。'],
  ['/blog/search', '博客搜索', '按关键词搜索博客文章。'],
  ['/question', '问答', '提出问题，或回答其他用户的问题。'],
  ['/question/view/:id?', '问题详情', '查看问题与全部回答。'],
  ['/question/account/write', '提问', '描述你的问题，向社区求助。'],
  ['/news/detail/:id?', '资讯详情', '阅读资讯全文。'],
  ['/account/attention', '我的关注', '查看我关注的讲师与博主，以及关注的问题。'],
  ['/account/collection', '我的收藏', '查看我收藏的文章、问题、镜像与课程。'],
  ['/imageCommunity', '镜像社区', '浏览其他用户分享的镜像，一键用于创建实例。'],
  ['/imageCommunity/detail/:id?', '镜像详情', '查看镜像的说明、版本与使用方法。'],
  ['/account/imageCommunity/add', '发布镜像', '把我的镜像发布到镜像社区。'],
  ['/account/imageCommunity/addAppDcp', '填写镜像说明', '为发布的镜像填写说明与使用方法。'],
  ['/account/imageCommunity/canvas', '镜像封面', '为镜像制作封面图片。'],
  ['/account/imageCommunity/detail', '我的镜像详情', '查看我发布的镜像的详细信息。'],
  ['/account/imageCommunity/upload', '上传镜像文件', '上传镜像的附件与说明文件。'],
  ['/account/imageCommunity/:tag?', '我的镜像社区', '管理我在镜像社区发布的镜像。'],
  ['/account/review/content', '内容审核', '审核含敏感词待审与被举报的文章、评论、问答与镜像：通过，或填写原因驳回并下架（运营人员）。'],
]);

const learningRoutes = rows('@rc/mf-learning', [
  ['/grade', '班级', '浏览公开班级，申请加入学习。'],
  ['/grade/view/:id?', '班级详情', '查看班级介绍、课程与考试安排。'],
  ['/resource', '课程', '浏览平台课程，按分类筛选学习。'],
  ['/resource/detail/:id?', '课程详情', '查看课程章节、讲师与评价。'],
  ['/preview/resource/:id?', '课程预览', '试看课程内容。'],
  ['/account/course', '我的课程', '查看已报名课程与学习进度。'],
  ['/account/resource', '课程管理', '创建与维护我发布的课程。'],
  ['/account/resource/add', '新建课程', '填写课程信息，分步创建课程。'],
  ['/account/resource/period', '章节管理', '编排课程章节与课时视频。'],
  ['/account/review/course', '课程审核', '审核讲师提交的课程：查看介绍、章节与课时，通过后上架，或填写原因驳回（运营人员）。'],
  ['/account/grades/admin', '班级管理', '管理班级成员、入班申请与考试。'],
  ['/account/grades/my', '我的班级', '查看已加入的班级与待参加的考试。'],
  ['/account/grades/teacher', '我教的班级', '管理我任教的班级、课程与考试。'],
  ['/account/grades/manage/:id?', '班级管理', '管理一个班级的成员、管理员、入班申请与课程。'],
  ['/account/grades/questions', '题库', '维护我的题库：单选、多选、判断、填空与简答题。'],
  ['/account/grades/exams/:id?', '考试管理', '为班级安排考试：选题与分值、时间窗口、时长、次数、考生与补考。'],
  ['/account/grades/grading/:id?', '阅卷', '查看考生答卷与离开页面记录，匿名批阅简答题，批阅完成后发布成绩。'],
  ['/account/grades/gradebook/:id?', '班级成绩册', '全班学生在各场考试中的最高分与合计，可导出 CSV 或 Excel。'],
  ['/account/grades/exam/:id?', '在线考试', '按服务器计时作答，答案随时自动保存，到时自动交卷。'],
  ['/account/grades/result/:id?', '考试成绩', '查看我的得分、评语，以及老师允许时的标准答案。'],
  ['/account/appCenter', '应用中心', '浏览应用，一键部署到容器实例。'],
  ['/account/app', '我的应用', '发布与管理我的应用模板。'],
  ['/account/review/app', '应用审核', '审核用户提交的应用：通过后上架应用中心，或填写原因驳回（运营人员）。'],
  ['/account/vod', '视频点播', '上传与管理课程视频。'],
  ['/account/live', '直播', '创建直播并查看直播记录。'],
  ['/account/channel', '直播频道', '管理我在第三方直播平台的直播间链接。'],
  ['/account/teacher', '讲师中心', '申请成为讲师，管理讲师资料与收益。'],
  ['/account/review/teacher', '讲师审核', '审核用户的讲师申请：通过，或填写原因驳回（运营人员）。'],
]);

/** Most specific first: the first entry that matches a path owns it. */
export const routeTable: readonly RouteEntry[] = [
  ...shellRoutes,
  ...consoleRoutes,
  ...activityRoutes,
  ...storageRoutes,
  ...billingRoutes,
  ...communityRoutes,
  ...learningRoutes,
];
