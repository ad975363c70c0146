import type { Lang } from "../lib/i18n";

/**
 * The seeded articles (banners, notices, the footer's about / support / legal columns) in the other ten languages,
 * as the parts of their text; `buildArticle` puts them in the same HTML as the English originals in ./news.ts.
 * English is the seed in the database; content.ts answers these for the request's `lang` and falls back to the
 * stored English where a language or an article has none.
 */
export type ArticleParts = readonly string[];

/** The HTML of a translated seed article, in the same shape as its English original. */
export function buildArticle(id: number, parts: ArticleParts): { title: string; content: string } {
  const p = (...paras: readonly string[]) => paras.map((x) => `<p>${x}</p>`).join("\n");
  const [title, ...rest] = parts;
  switch (id) {
    case 1:
    case 2:
    case 3:
      return { title, content: `<h2>${rest[0]}</h2>` + p(...rest.slice(1)) };
    case 30:
      return { title, content: `<h2>${rest[0]}</h2>` + `<ol>${rest.slice(1, 4).map((x) => `<li>${x}</li>`).join("")}</ol>` + p(rest[4]) };
    case 66: {
      // The user agreement: a heading, an introduction, then numbered sections with a bold label.
      const [heading, intro, ...sections] = rest;
      const paras = [intro];
      for (let i = 0; i + 1 < sections.length; i += 2) paras.push(`<strong>${sections[i]}</strong> ${sections[i + 1]}`);
      return { title, content: `<h2>${heading}</h2>` + p(...paras) };
    }
    case 31: {
      const [intro, type, fee, maker, taker, deposit, free, withdrawal, perChain] = rest;
      return {
        title,
        content:
          p(intro) +
          `<table><thead><tr><th>${type}</th><th>${fee}</th></tr></thead><tbody>` +
          `<tr><td>${maker}</td><td>0.1%</td></tr><tr><td>${taker}</td><td>0.1%</td></tr>` +
          `<tr><td>${deposit}</td><td>${free}</td></tr><tr><td>${withdrawal}</td><td>${perChain}</td></tr></tbody></table>`,
      };
    }
    default:
      return { title, content: p(...rest) };
  }
}

/** By language, then by article id: [title, then the texts in the order of the English article]. */
export const NEWS_TRANSLATIONS: Record<Exclude<Lang, "en">, Record<number, ArticleParts>> = {
  hk: {
    1: ["深度流動性的現貨交易", "全天候交易主流幣種", "BTC、ETH、SOL 等十多個交易對以 USDT、BTC 和 ETH 計價，全年無休 24/7 交易。", "限價單與市價單、即時訂單簿，以及由一分鐘至一個月的K線圖。"],
    2: ["保障您的資產", "安全第一", "密碼以加鹽 scrypt 雜湊儲存，工作階段可隨時撤銷，每一筆餘額變動都記錄在審計日誌中。", "請在個人中心開啟雙重驗證，並設定獨立的交易密碼。"],
    3: ["以理財讓閒置幣種增值", "定期理財", "將 USDT、BTC 或 ETH 鎖定一段固定期間，期內每日獲得收益。", "認購前會顯示利率及期限；到期後本金退回您的帳戶。"],
    10: ["11月3日系統維護公告", "親愛的用戶，為提升效能，我們將於11月3日 02:00 至 03:00（UTC）升級撮合引擎。", "升級期間將暫停充值、提現及交易。未成交訂單會保留，並於升級後恢復。", "感謝您的理解。"],
    11: ["新幣上線：LINK/ETH", "我們很高興宣佈 Chainlink（LINK）已上線 ETH 交易對。", "ERC20 網絡充值現已開放；交易已於 UTC 10:00 開始。"],
    12: ["TRC20 網絡 USDT 提現手續費下調", "由10月1日起，TRC20 網絡 USDT 的提現手續費降至 0.1%。", "各網絡的最低及最高提現額均顯示於提現頁面。"],
    13: ["謹防釣魚網站及假冒客服", "登入前請務必核對瀏覽器中的網址。我們的員工絕不會索取您的密碼、驗證碼或交易密碼。", "如收到可疑訊息，請透過每個頁面底部的連結聯絡客服。"],
    20: ["關於我們", "我們經營一家數字資產交易所，提供現貨交易、合約、點對點法幣交易及理財服務。", "我們的團隊自2014年起開發交易系統，服務超過130個國家及地區的用戶。"],
    21: ["聯絡我們", "客服透過線上聊天全天候為您解答。", "商務合作：business@example.com。上幣申請：listing@example.com。"],
    22: ["加入我們", "我們正在多個時區招聘工程師、風險分析師及客服人員。", "請將履歷寄至 careers@example.com，並註明您感興趣的職位。"],
    30: ["幫助中心", "新手入門", "使用電郵或手機號碼註冊。", "將幣種充值到您的帳戶。", "在行情頁面選擇交易對並下單。", "有關充值、提現及訂單的常見問題解答均在本欄目。"],
    31: ["費率表", "現貨交易手續費按您收到的數量收取。", "類型", "費用", "現貨掛單（Maker）", "現貨吃單（Taker）", "充值", "免費", "提現", "按幣種及網絡而定"],
    32: ["API 文檔", "行情數據公開：交易對、K線、訂單簿及最新成交，支援 HTTP 及 WebSocket。", "交易介面需要在 Authorization 標頭中傳送登入令牌。"],
    40: ["服務條款", "使用本平台即表示您同意本條款。您必須已達所在國家的法定年齡，且並非受限制司法管轄區的居民。", "您有責任妥善保管您的密碼、交易密碼及裝置。"],
    41: ["私隱政策", "我們收集營運您帳戶所需的資料：聯絡資料、用於身份驗證的證件及交易記錄。", "我們不會出售個人資料。您可要求索取您的資料副本或刪除您的資料，惟須遵守法定保存期限。"],
    42: ["風險披露", "數字資產價格波動劇烈。槓桿及合約產品的虧損可能超過您投入的保證金。", "請只用您能承受損失的資金進行交易。"],
    66: ["用戶協議", "用戶協議", "本協議由您與平台營運方訂立。註冊前請仔細閱讀。", "1. 帳戶。", "您須提供真實資料、對登入憑證保密，並對帳戶內的一切活動負責。", "2. 服務。", "我們提供現貨、合約、點對點及理財服務。我們可能因維護、安全或法律原因變更或暫停服務。", "3. 風險。", "數字資產波動極大，可能失去全部價值。平台上的任何內容均不構成投資建議。", "4. 禁止用途。", "禁止洗錢、操縱市場、欺詐，以及在受限制司法管轄區使用本平台，違者帳戶將被暫停。", "5. 費用。", "費用載於費率表，並可能在通知後調整。", "6. 責任。", "在法律允許的範圍內，我們不對市場波動、區塊鏈網絡故障或我們無法控制的事件所造成的損失負責。", "7. 變更。", "我們可能更新本協議；在通知後繼續使用即表示接受。"],
  },
  jp: {
    1: ["厚い流動性の現物取引", "主要銘柄を24時間取引", "BTC、ETH、SOL など10以上のペアを USDT、BTC、ETH 建てで24時間365日取引できます。", "指値・成行注文、リアルタイムの板情報、1分足から月足までのローソク足チャート。"],
    2: ["お客様の資産を守ります", "セキュリティ第一", "パスワードはソルト付き scrypt ハッシュで保存され、セッションはいつでも無効化でき、残高の変動はすべて監査ログに記録されます。", "個人センターで二段階認証を有効にし、別途取引パスワードを設定してください。"],
    3: ["眠っている資産を運用で活かす", "定期運用", "USDT、BTC または ETH を一定期間ロックし、満期まで毎日利息を受け取れます。", "申し込み前に利率と期間が表示され、満期になると元本はお客様のアカウントに戻ります。"],
    10: ["11月3日のシステムメンテナンスのお知らせ", "いつもご利用いただきありがとうございます。パフォーマンス向上のため、11月3日 02:00〜03:00（UTC）にマッチングエンジンをアップグレードいたします。", "アップグレード中は入金・出金・取引を一時停止します。未約定の注文は保持され、終了後に再開されます。", "ご理解のほどよろしくお願いいたします。"],
    11: ["新規上場：LINK/ETH", "Chainlink（LINK）の ETH 取引ペアへの上場をお知らせいたします。", "ERC20 ネットワークでの入金を開始しました。取引は UTC 10:00 に開始しました。"],
    12: ["TRC20 の USDT 出金手数料を引き下げ", "10月1日より、TRC20 ネットワークの USDT 出金手数料を 0.1% に引き下げます。", "各ネットワークの最低・最高出金額は出金ページに表示されます。"],
    13: ["フィッシングサイトや偽サポートにご注意ください", "ログインする前に、必ずブラウザのアドレスをご確認ください。当社スタッフがパスワード、認証コード、取引パスワードを尋ねることは決してありません。", "不審なメッセージを受け取った場合は、各ページ下部のリンクからカスタマーサービスにご連絡ください。"],
    20: ["会社概要", "当社は現物取引、先物、P2P法定通貨取引、資産運用を提供するデジタル資産取引所を運営しています。", "当社チームは2014年から取引システムを構築しており、130以上の国と地域のユーザーにサービスを提供しています。"],
    21: ["お問い合わせ", "カスタマーサービスはオンラインチャットで24時間対応しています。", "ビジネスに関するお問い合わせ：business@example.com。上場申請：listing@example.com。"],
    22: ["採用情報", "複数のタイムゾーンでエンジニア、リスクアナリスト、カスタマーサービス担当者を募集しています。", "履歴書を careers@example.com までお送りいただき、ご希望の職種をお知らせください。"],
    30: ["ヘルプセンター", "はじめに", "メールアドレスまたは携帯電話番号で登録します。", "アカウントに暗号資産を入金します。", "マーケットページでペアを選び、注文します。", "入金、出金、注文に関するよくある質問への回答はこのセクションにあります。"],
    31: ["手数料一覧", "現物取引の手数料は受け取る数量に対して課されます。", "種類", "手数料", "現物メイカー", "現物テイカー", "入金", "無料", "出金", "通貨とネットワークごと"],
    32: ["API ドキュメント", "マーケットデータは公開されています：ペア、ローソク足、板情報、最新の約定を HTTP と WebSocket で提供します。", "取引用エンドポイントには、Authorization ヘッダーで送るログイントークンが必要です。"],
    40: ["利用規約", "本プラットフォームを利用することで、本規約に同意したものとみなされます。お住まいの国で成年に達しており、制限対象の法域の居住者でないことが必要です。", "パスワード、取引パスワード、端末の安全な管理はお客様の責任です。"],
    41: ["プライバシーポリシー", "アカウントの運営に必要なデータ（連絡先、本人確認のための身分証明書、取引記録）を収集します。", "個人データを販売することはありません。法定の保存期間に従い、データの写しの提供または削除を請求できます。"],
    42: ["リスクの開示", "デジタル資産の価格は大きく変動します。レバレッジ商品や先物商品では、投入した証拠金を超える損失が生じる可能性があります。", "失っても差し支えない資金でのみ取引してください。"],
    66: ["利用者規約", "利用者規約", "本規約はお客様とプラットフォーム運営者との間の契約です。登録前によくお読みください。", "1. アカウント。", "お客様は真実の情報を提供し、認証情報を秘密に保ち、アカウント内のすべての行為に責任を負います。", "2. サービス。", "当社は現物、先物、P2P、資産運用のサービスを提供します。保守、セキュリティまたは法的理由により、サービスを変更または停止することがあります。", "3. リスク。", "デジタル資産は価格変動が非常に大きく、価値をすべて失う可能性があります。本プラットフォーム上のいかなる内容も投資助言ではありません。", "4. 禁止行為。", "マネーロンダリング、相場操縦、詐欺、制限対象の法域からの利用は禁止されており、アカウント停止の対象となります。", "5. 手数料。", "手数料は手数料一覧に掲載され、通知のうえ変更されることがあります。", "6. 責任。", "法律の範囲内で、当社は相場変動、ブロックチェーンのネットワーク障害、当社の支配を超える事象により生じた損失について責任を負いません。", "7. 変更。", "当社は本規約を更新することがあります。通知後も利用を継続した場合、変更に同意したものとみなされます。"],
  },
  zh: {
    1: ["深度流动性的现货交易", "全天候交易主流币种", "BTC、ETH、SOL 等十多个交易对以 USDT、BTC 和 ETH 计价，7×24 小时交易。", "限价单与市价单、实时订单簿，以及从一分钟到一个月的K线图。"],
    2: ["保护您的资产", "安全第一", "密码以加盐 scrypt 哈希存储，会话可随时撤销，每一笔余额变动都记录在审计日志中。", "请在个人中心开启双重验证，并设置独立的交易密码。"],
    3: ["用理财让闲置币种增值", "定期理财", "将 USDT、BTC 或 ETH 锁定一段固定期限，期内每日获得收益。", "申购前会显示利率和期限；到期后本金返还至您的账户。"],
    10: ["11月3日系统维护公告", "亲爱的用户，为提升性能，我们将于11月3日 02:00 至 03:00（UTC）升级撮合引擎。", "升级期间将暂停充值、提现和交易。未成交订单将保留，并在升级后恢复。", "感谢您的理解。"],
    11: ["新币上线：LINK/ETH", "我们很高兴地宣布 Chainlink（LINK）已上线 ETH 交易对。", "ERC20 网络充值现已开放；交易已于 UTC 10:00 开始。"],
    12: ["TRC20 网络 USDT 提现手续费下调", "自10月1日起，TRC20 网络 USDT 的提现手续费降至 0.1%。", "各网络的最低和最高提现额均显示在提现页面。"],
    13: ["谨防钓鱼网站和假冒客服", "登录前请务必核对浏览器中的网址。我们的工作人员绝不会索要您的密码、验证码或交易密码。", "如收到可疑消息，请通过每个页面底部的链接联系客服。"],
    20: ["关于我们", "我们运营一家数字资产交易所，提供现货交易、合约、点对点法币交易和理财服务。", "我们的团队自2014年起开发交易系统，服务超过130个国家和地区的用户。"],
    21: ["联系我们", "客服通过在线聊天全天候为您解答。", "商务合作：business@example.com。上币申请：listing@example.com。"],
    22: ["加入我们", "我们正在多个时区招聘工程师、风险分析师和客服人员。", "请将简历发送至 careers@example.com，并注明您感兴趣的职位。"],
    30: ["帮助中心", "新手入门", "使用邮箱或手机号注册。", "将币充值到您的账户。", "在行情页面选择交易对并下单。", "关于充值、提现和订单的常见问题解答都在本栏目中。"],
    31: ["费率表", "现货交易手续费按您收到的数量收取。", "类型", "费用", "现货挂单（Maker）", "现货吃单（Taker）", "充值", "免费", "提现", "按币种和网络而定"],
    32: ["API 文档", "行情数据公开：交易对、K线、订单簿和最新成交，支持 HTTP 和 WebSocket。", "交易接口需要在 Authorization 请求头中发送登录令牌。"],
    40: ["服务条款", "使用本平台即表示您同意本条款。您必须已达到所在国家的法定年龄，且不是受限制司法管辖区的居民。", "您有责任妥善保管您的密码、交易密码和设备。"],
    41: ["隐私政策", "我们收集运营您账户所需的数据：联系方式、用于身份认证的证件以及交易记录。", "我们不会出售个人数据。您可以要求获取您的数据副本或删除您的数据，但须遵守法定保存期限。"],
    42: ["风险披露", "数字资产价格波动剧烈。杠杆和合约产品的亏损可能超过您投入的保证金。", "请仅使用您能够承受损失的资金进行交易。"],
    66: ["用户协议", "用户协议", "本协议由您与平台运营方订立。注册前请仔细阅读。", "1. 账户。", "您须提供真实信息、对登录凭证保密，并对账户内的一切活动负责。", "2. 服务。", "我们提供现货、合约、点对点和理财服务。我们可能因维护、安全或法律原因变更或暂停服务。", "3. 风险。", "数字资产波动极大，可能失去全部价值。平台上的任何内容均不构成投资建议。", "4. 禁止用途。", "禁止洗钱、操纵市场、欺诈，以及在受限制司法管辖区使用本平台，违者账户将被暂停。", "5. 费用。", "费用公布在费率表中，并可能在通知后调整。", "6. 责任。", "在法律允许的范围内，我们不对市场波动、区块链网络故障或我们无法控制的事件造成的损失负责。", "7. 变更。", "我们可能更新本协议；在通知后继续使用即表示接受。"],
  },
  th: {
    1: ["เทรดสปอตด้วยสภาพคล่องสูง", "เทรดเหรียญหลักได้ตลอด 24 ชั่วโมง", "BTC, ETH, SOL และอีกกว่าสิบคู่เทรดได้ตลอด 24/7 กับ USDT, BTC และ ETH", "คำสั่งแบบลิมิตและแบบตลาด สมุดคำสั่งซื้อขายแบบเรียลไทม์ และกราฟแท่งเทียนตั้งแต่หนึ่งนาทีถึงหนึ่งเดือน"],
    2: ["ทรัพย์สินของคุณได้รับการปกป้อง", "ความปลอดภัยมาก่อน", "รหัสผ่านถูกจัดเก็บเป็นแฮช scrypt แบบใส่ salt เซสชันสามารถเพิกถอนได้ทุกเมื่อ และทุกการเปลี่ยนแปลงยอดคงเหลือจะถูกบันทึกไว้ในบันทึกการตรวจสอบ", "เปิดการยืนยันตัวตนสองขั้นตอนและตั้งรหัสผ่านการเทรดแยกต่างหากในศูนย์ส่วนตัวของคุณ"],
    3: ["ให้เหรียญที่ว่างอยู่สร้างรายได้ด้วยการออม", "การออมแบบประจำ", "ล็อก USDT, BTC หรือ ETH ไว้ตามระยะเวลาที่กำหนด และรับผลตอบแทนรายวันจนครบกำหนด", "อัตราและระยะเวลาจะแสดงก่อนที่คุณจะสมัคร เงินต้นจะคืนเข้าบัญชีของคุณเมื่อครบกำหนด"],
    10: ["ประกาศปิดปรับปรุงระบบตามกำหนดในวันที่ 3 พฤศจิกายน", "เรียนผู้ใช้ทุกท่าน เพื่อเพิ่มประสิทธิภาพ เราจะอัปเกรดระบบจับคู่คำสั่งในวันที่ 3 พฤศจิกายน เวลา 02:00 ถึง 03:00 (UTC)", "ระหว่างการอัปเกรด การฝาก การถอน และการเทรดจะหยุดชั่วคราว คำสั่งที่ค้างอยู่จะยังคงอยู่และกลับมาทำงานหลังจากนั้น", "ขอบคุณสำหรับความเข้าใจ"],
    11: ["เหรียญใหม่: LINK/ETH", "เรายินดีประกาศว่า Chainlink (LINK) เปิดให้เทรดแล้วในคู่ ETH", "เปิดรับฝากบนเครือข่าย ERC20 แล้ว และเริ่มเทรดเมื่อเวลา 10:00 UTC"],
    12: ["ลดค่าธรรมเนียมการถอน USDT บน TRC20", "ตั้งแต่วันที่ 1 ตุลาคม ค่าธรรมเนียมการถอน USDT บนเครือข่าย TRC20 ลดลงเหลือ 0.1%", "ยอดถอนขั้นต่ำและสูงสุดของแต่ละเครือข่ายแสดงอยู่ในหน้าการถอน"],
    13: ["ระวังเว็บไซต์ฟิชชิ่งและฝ่ายบริการปลอม", "ตรวจสอบที่อยู่เว็บในเบราว์เซอร์ทุกครั้งก่อนเข้าสู่ระบบ เจ้าหน้าที่ของเราจะไม่ขอรหัสผ่าน รหัสยืนยัน หรือรหัสผ่านการเทรดของคุณเด็ดขาด", "หากได้รับข้อความที่น่าสงสัย โปรดติดต่อฝ่ายบริการลูกค้าผ่านลิงก์ที่ด้านล่างของทุกหน้า"],
    20: ["เกี่ยวกับเรา", "เราดำเนินกิจการศูนย์ซื้อขายสินทรัพย์ดิจิทัลสำหรับการเทรดสปอต สัญญา การซื้อขายเงินเฟียตแบบ P2P และการออม", "ทีมของเราสร้างระบบการซื้อขายมาตั้งแต่ปี 2014 และให้บริการผู้ใช้ในกว่า 130 ประเทศและภูมิภาค"],
    21: ["ติดต่อเรา", "ฝ่ายบริการลูกค้าตอบคำถามตลอด 24 ชั่วโมงผ่านแชตออนไลน์", "ติดต่อธุรกิจ: business@example.com สมัครลิสต์เหรียญ: listing@example.com"],
    22: ["ร่วมงานกับเรา", "เรากำลังรับสมัครวิศวกร นักวิเคราะห์ความเสี่ยง และพนักงานบริการลูกค้าในหลายเขตเวลา", "ส่งประวัติของคุณมาที่ careers@example.com และบอกเราว่าคุณสนใจตำแหน่งใด"],
    30: ["ศูนย์ช่วยเหลือ", "เริ่มต้นใช้งาน", "สมัครด้วยอีเมลหรือหมายเลขโทรศัพท์มือถือ", "ฝากเหรียญเข้าบัญชีของคุณ", "เลือกคู่เทรดในหน้าตลาดแล้ววางคำสั่ง", "คำตอบของคำถามที่พบบ่อยเกี่ยวกับการฝาก การถอน และคำสั่งซื้อขายอยู่ในส่วนนี้"],
    31: ["ตารางค่าธรรมเนียม", "ค่าธรรมเนียมการเทรดสปอตคิดจากจำนวนที่คุณได้รับ", "ประเภท", "ค่าธรรมเนียม", "สปอตเมกเกอร์", "สปอตเทกเกอร์", "ฝาก", "ฟรี", "ถอน", "ตามสกุลเงินและเครือข่าย"],
    32: ["เอกสาร API", "ข้อมูลตลาดเป็นสาธารณะ: คู่เทรด แท่งเทียน สมุดคำสั่ง และรายการซื้อขายล่าสุด ผ่าน HTTP และ WebSocket", "ปลายทางสำหรับการเทรดต้องใช้โทเค็นการเข้าสู่ระบบที่ส่งในส่วนหัว Authorization"],
    40: ["ข้อกำหนดการให้บริการ", "การใช้แพลตฟอร์มถือว่าคุณยอมรับข้อกำหนดเหล่านี้ คุณต้องบรรลุนิติภาวะตามกฎหมายของประเทศคุณ และไม่เป็นผู้พำนักในเขตอำนาจที่ถูกจำกัด", "คุณมีหน้าที่รักษาความปลอดภัยของรหัสผ่าน รหัสผ่านการเทรด และอุปกรณ์ของคุณ"],
    41: ["นโยบายความเป็นส่วนตัว", "เราเก็บรวบรวมข้อมูลที่จำเป็นต่อการดำเนินบัญชีของคุณ ได้แก่ ข้อมูลติดต่อ เอกสารแสดงตัวตนเพื่อการยืนยัน และประวัติการซื้อขาย", "เราไม่ขายข้อมูลส่วนบุคคล คุณสามารถขอสำเนาหรือขอลบข้อมูลของคุณได้ ภายใต้ระยะเวลาการเก็บรักษาตามกฎหมาย"],
    42: ["การเปิดเผยความเสี่ยง", "ราคาสินทรัพย์ดิจิทัลมีความผันผวน ผลิตภัณฑ์เลเวอเรจและสัญญาอาจขาดทุนมากกว่ามาร์จิ้นที่คุณวางไว้", "เทรดด้วยเงินที่คุณรับความสูญเสียได้เท่านั้น"],
    66: ["ข้อตกลงผู้ใช้", "ข้อตกลงผู้ใช้", "ข้อตกลงนี้ทำขึ้นระหว่างคุณกับผู้ให้บริการแพลตฟอร์ม โปรดอ่านอย่างละเอียดก่อนลงทะเบียน", "1. บัญชี", "คุณให้ข้อมูลที่เป็นความจริง เก็บข้อมูลการเข้าสู่ระบบเป็นความลับ และรับผิดชอบต่อทุกกิจกรรมในบัญชีของคุณ", "2. บริการ", "เราให้บริการสปอต สัญญา P2P และการออม เราอาจเปลี่ยนแปลงหรือระงับบริการด้วยเหตุผลด้านการบำรุงรักษา ความปลอดภัย หรือกฎหมาย", "3. ความเสี่ยง", "สินทรัพย์ดิจิทัลมีความผันผวนสูงและอาจสูญเสียมูลค่าทั้งหมด ไม่มีสิ่งใดบนแพลตฟอร์มเป็นคำแนะนำการลงทุน", "4. การใช้งานที่ห้าม", "ห้ามการฟอกเงิน การปั่นตลาด การฉ้อโกง และการใช้แพลตฟอร์มจากเขตอำนาจที่ถูกจำกัด ซึ่งจะนำไปสู่การระงับบัญชี", "5. ค่าธรรมเนียม", "ค่าธรรมเนียมเผยแพร่ในตารางค่าธรรมเนียมและอาจเปลี่ยนแปลงได้เมื่อแจ้งให้ทราบ", "6. ความรับผิด", "ภายในขอบเขตของกฎหมาย เราไม่รับผิดชอบต่อความสูญเสียที่เกิดจากความเคลื่อนไหวของตลาด ความขัดข้องของเครือข่ายบล็อกเชน หรือเหตุการณ์ที่อยู่นอกเหนือการควบคุมของเรา", "7. การเปลี่ยนแปลง", "เราอาจปรับปรุงข้อตกลงนี้ การใช้งานต่อหลังได้รับแจ้งถือว่ายอมรับ"],
  },
  kr: {
    1: ["풍부한 유동성의 현물 거래", "주요 코인을 24시간 거래", "BTC, ETH, SOL 등 10개가 넘는 거래쌍을 USDT, BTC, ETH 마켓에서 연중무휴 24시간 거래할 수 있습니다.", "지정가·시장가 주문, 실시간 호가창, 1분봉부터 월봉까지의 캔들 차트."],
    2: ["안전하게 보호되는 자산", "보안 최우선", "비밀번호는 솔트가 적용된 scrypt 해시로 저장되고, 세션은 언제든지 해지할 수 있으며, 모든 잔액 변동은 감사 로그에 기록됩니다.", "개인 센터에서 2단계 인증을 켜고 별도의 거래 비밀번호를 설정하세요."],
    3: ["잠자는 코인을 예치로 불리세요", "정기 예치", "USDT, BTC 또는 ETH를 일정 기간 예치하고 만기까지 매일 이자를 받으세요.", "가입 전에 이율과 기간이 표시되며, 만기 시 원금은 계정으로 돌아옵니다."],
    10: ["11월 3일 시스템 점검 안내", "고객 여러분, 성능 향상을 위해 11월 3일 02:00~03:00(UTC)에 매칭 엔진을 업그레이드합니다.", "업그레이드 중에는 입금, 출금 및 거래가 일시 중단됩니다. 미체결 주문은 유지되며 이후 재개됩니다.", "양해해 주셔서 감사합니다."],
    11: ["신규 상장: LINK/ETH", "Chainlink(LINK)가 ETH 거래쌍으로 상장되었음을 알려 드립니다.", "ERC20 네트워크 입금이 지금 열렸으며, 거래는 UTC 10:00에 시작되었습니다."],
    12: ["TRC20 USDT 출금 수수료 인하", "10월 1일부터 TRC20 네트워크의 USDT 출금 수수료가 0.1%로 인하됩니다.", "네트워크별 최소·최대 출금액은 출금 페이지에 표시됩니다."],
    13: ["피싱 사이트와 사칭 고객센터를 주의하세요", "로그인하기 전에 항상 브라우저의 주소를 확인하세요. 당사 직원은 절대로 비밀번호, 인증 코드 또는 거래 비밀번호를 요구하지 않습니다.", "의심스러운 메시지를 받으면 모든 페이지 하단의 링크를 통해 고객센터에 문의하세요."],
    20: ["회사 소개", "당사는 현물 거래, 선물, P2P 법정화폐 거래 및 예치 서비스를 제공하는 디지털 자산 거래소를 운영합니다.", "당사 팀은 2014년부터 거래 시스템을 구축해 왔으며 130개 이상의 국가와 지역의 사용자에게 서비스를 제공합니다."],
    21: ["문의하기", "고객센터는 온라인 채팅으로 24시간 답변합니다.", "비즈니스 문의: business@example.com. 상장 신청: listing@example.com."],
    22: ["채용", "여러 시간대에서 엔지니어, 리스크 분석가, 고객 상담원을 채용하고 있습니다.", "careers@example.com으로 이력서를 보내시고 관심 있는 직무를 알려 주세요."],
    30: ["고객센터", "시작하기", "이메일 또는 휴대폰 번호로 가입합니다.", "계정에 코인을 입금합니다.", "마켓 페이지에서 거래쌍을 선택하고 주문합니다.", "입금, 출금, 주문에 관한 자주 묻는 질문의 답변은 이 섹션에 있습니다."],
    31: ["수수료 안내", "현물 거래 수수료는 받는 수량에 부과됩니다.", "유형", "수수료", "현물 메이커", "현물 테이커", "입금", "무료", "출금", "통화 및 네트워크별"],
    32: ["API 문서", "시장 데이터는 공개되어 있습니다: 거래쌍, 캔들, 호가창, 최근 체결을 HTTP와 WebSocket으로 제공합니다.", "거래 엔드포인트에는 Authorization 헤더로 보내는 로그인 토큰이 필요합니다."],
    40: ["서비스 약관", "플랫폼을 이용하면 본 약관에 동의하는 것입니다. 거주 국가의 법정 성년이어야 하며 제한된 관할 지역의 거주자가 아니어야 합니다.", "비밀번호, 거래 비밀번호 및 기기를 안전하게 관리할 책임은 이용자에게 있습니다."],
    41: ["개인정보 처리방침", "계정 운영에 필요한 데이터(연락처, 본인 인증을 위한 신분증, 거래 기록)를 수집합니다.", "개인 데이터를 판매하지 않습니다. 법정 보존 기간의 범위 내에서 데이터 사본 제공 또는 삭제를 요청할 수 있습니다."],
    42: ["위험 고지", "디지털 자산 가격은 변동성이 큽니다. 레버리지 및 선물 상품은 투입한 증거금보다 더 많은 손실이 날 수 있습니다.", "잃어도 감당할 수 있는 자금으로만 거래하세요."],
    66: ["이용자 약관", "이용자 약관", "본 약관은 이용자와 플랫폼 운영자 간의 계약입니다. 가입 전에 주의 깊게 읽어 주세요.", "1. 계정.", "이용자는 사실대로 정보를 제공하고, 인증 정보를 비밀로 유지하며, 계정 내 모든 활동에 책임을 집니다.", "2. 서비스.", "당사는 현물, 선물, P2P 및 예치 서비스를 제공합니다. 유지보수, 보안 또는 법적 사유로 서비스를 변경하거나 중단할 수 있습니다.", "3. 위험.", "디지털 자산은 변동성이 매우 크며 가치를 모두 잃을 수 있습니다. 플랫폼의 어떤 내용도 투자 조언이 아닙니다.", "4. 금지 행위.", "자금 세탁, 시세 조종, 사기 및 제한된 관할 지역에서의 플랫폼 이용은 금지되며 계정 정지로 이어집니다.", "5. 수수료.", "수수료는 수수료 안내에 게시되며 사전 고지 후 변경될 수 있습니다.", "6. 책임.", "법이 허용하는 범위 내에서 당사는 시장 변동, 블록체인 네트워크 장애 또는 당사가 통제할 수 없는 사건으로 인한 손실에 대해 책임지지 않습니다.", "7. 변경.", "당사는 본 약관을 변경할 수 있으며, 고지 후 계속 이용하면 변경에 동의한 것으로 봅니다."],
  },
  de: {
    1: ["Spothandel mit hoher Liquidität", "Die wichtigsten Coins rund um die Uhr handeln", "BTC, ETH, SOL und mehr als ein Dutzend weitere Paare werden rund um die Uhr gegen USDT, BTC und ETH gehandelt.", "Limit- und Market-Orders, ein Live-Orderbuch und Kerzencharts von einer Minute bis zu einem Monat."],
    2: ["Ihr Vermögen, geschützt", "Sicherheit zuerst", "Passwörter werden als gesalzene scrypt-Hashes gespeichert, Sitzungen lassen sich jederzeit widerrufen, und jede Saldoänderung wird in einem Prüfprotokoll festgehalten.", "Aktivieren Sie die Zwei-Faktor-Authentifizierung und legen Sie in Ihrem persönlichen Bereich ein separates Handelspasswort fest."],
    3: ["Lassen Sie ungenutzte Coins mit Sparprodukten arbeiten", "Festgeld-Sparen", "Legen Sie USDT, BTC oder ETH für einen festen Zeitraum an und erhalten Sie bis zum Laufzeitende täglich Zinsen.", "Zinssätze und Laufzeiten werden vor der Zeichnung angezeigt; das Kapital kehrt bei Fälligkeit auf Ihr Konto zurück."],
    10: ["Geplante Systemwartung am 3. November", "Liebe Nutzerinnen und Nutzer, um die Leistung zu verbessern, aktualisieren wir die Matching-Engine am 3. November von 02:00 bis 03:00 Uhr (UTC).", "Einzahlungen, Auszahlungen und Handel werden während des Updates pausiert. Offene Orders bleiben erhalten und laufen danach weiter.", "Vielen Dank für Ihr Verständnis."],
    11: ["Neues Listing: LINK/ETH", "Wir freuen uns, bekannt zu geben, dass Chainlink (LINK) jetzt mit einem ETH-Handelspaar gelistet ist.", "Einzahlungen über das ERC20-Netzwerk sind ab sofort möglich; der Handel begann um 10:00 Uhr UTC."],
    12: ["Niedrigere Auszahlungsgebühr für USDT auf TRC20", "Ab dem 1. Oktober sinkt die Auszahlungsgebühr für USDT im TRC20-Netzwerk auf 0,1 %.", "Mindest- und Höchstbeträge für Auszahlungen werden auf der Auszahlungsseite für jedes Netzwerk angezeigt."],
    13: ["Vorsicht vor Phishing-Websites und falschem Support", "Prüfen Sie vor der Anmeldung immer die Adresse in Ihrem Browser. Unsere Mitarbeiter fragen niemals nach Ihrem Passwort, Bestätigungscodes oder Ihrem Handelspasswort.", "Wenn Sie eine verdächtige Nachricht erhalten, wenden Sie sich über den Link unten auf jeder Seite an den Kundenservice."],
    20: ["Über uns", "Wir betreiben eine Börse für digitale Vermögenswerte mit Spothandel, Kontrakten, Peer-to-Peer-Fiathandel und Sparprodukten.", "Unser Team entwickelt seit 2014 Handelssysteme und betreut Nutzer in mehr als 130 Ländern und Regionen."],
    21: ["Kontakt", "Der Kundenservice antwortet rund um die Uhr im Online-Chat.", "Geschäftsanfragen: business@example.com. Listing-Anträge: listing@example.com."],
    22: ["Karriere", "Wir suchen Ingenieure, Risikoanalysten und Mitarbeiter im Kundenservice in mehreren Zeitzonen.", "Senden Sie Ihren Lebenslauf an careers@example.com und nennen Sie uns die Stelle, die Sie interessiert."],
    30: ["Hilfe-Center", "Erste Schritte", "Registrieren Sie sich mit Ihrer E-Mail-Adresse oder Mobilnummer.", "Zahlen Sie Coins auf Ihr Konto ein.", "Wählen Sie auf der Marktseite ein Paar und geben Sie eine Order auf.", "Antworten auf die häufigsten Fragen zu Einzahlungen, Auszahlungen und Orders finden Sie in diesem Bereich."],
    31: ["Gebührenübersicht", "Gebühren im Spothandel werden auf den Betrag erhoben, den Sie erhalten.", "Art", "Gebühr", "Spot-Maker", "Spot-Taker", "Einzahlung", "Kostenlos", "Auszahlung", "Je nach Währung und Netzwerk"],
    32: ["API-Dokumentation", "Marktdaten sind öffentlich: Paare, Kerzen, Orderbuch und letzte Trades, über HTTP und WebSocket.", "Handels-Endpunkte benötigen ein Login-Token im Authorization-Header."],
    40: ["Nutzungsbedingungen", "Mit der Nutzung der Plattform stimmen Sie diesen Bedingungen zu. Sie müssen in Ihrem Land volljährig sein und dürfen nicht in einem gesperrten Rechtsgebiet ansässig sein.", "Sie sind dafür verantwortlich, Ihr Passwort, Ihr Handelspasswort und Ihre Geräte zu schützen."],
    41: ["Datenschutzerklärung", "Wir erheben die Daten, die für die Führung Ihres Kontos nötig sind: Kontaktdaten, Ausweisdokumente zur Verifizierung und Handelsdaten.", "Wir verkaufen keine personenbezogenen Daten. Sie können unter Beachtung gesetzlicher Aufbewahrungsfristen eine Kopie oder die Löschung Ihrer Daten verlangen."],
    42: ["Risikohinweis", "Die Preise digitaler Vermögenswerte schwanken stark. Bei gehebelten Produkten und Kontrakten können Sie mehr als die eingesetzte Margin verlieren.", "Handeln Sie nur mit Geld, dessen Verlust Sie verkraften können."],
    66: ["Nutzungsvereinbarung", "Nutzungsvereinbarung", "Diese Vereinbarung wird zwischen Ihnen und dem Betreiber der Plattform geschlossen. Bitte lesen Sie sie vor der Registrierung sorgfältig.", "1. Konto.", "Sie machen wahrheitsgemäße Angaben, halten Ihre Zugangsdaten geheim und sind für alle Aktivitäten in Ihrem Konto verantwortlich.", "2. Leistungen.", "Wir bieten Spot-, Kontrakt-, Peer-to-Peer- und Sparleistungen an. Wir können Leistungen aus Wartungs-, Sicherheits- oder rechtlichen Gründen ändern oder aussetzen.", "3. Risiken.", "Digitale Vermögenswerte sind sehr volatil und können ihren gesamten Wert verlieren. Nichts auf der Plattform ist eine Anlageberatung.", "4. Verbotene Nutzung.", "Geldwäsche, Marktmanipulation, Betrug und die Nutzung der Plattform aus gesperrten Rechtsgebieten sind verboten und führen zur Sperrung des Kontos.", "5. Gebühren.", "Die Gebühren sind in der Gebührenübersicht veröffentlicht und können nach Ankündigung geändert werden.", "6. Haftung.", "Im gesetzlich zulässigen Rahmen haften wir nicht für Verluste durch Marktbewegungen, Netzwerkausfälle von Blockchains oder Ereignisse außerhalb unserer Kontrolle.", "7. Änderungen.", "Wir können diese Vereinbarung aktualisieren; die weitere Nutzung nach einer Mitteilung gilt als Zustimmung."],
  },
  fr: {
    1: ["Le trading au comptant avec une liquidité profonde", "Tradez les principales cryptos 24 h/24", "BTC, ETH, SOL et plus d'une douzaine d'autres paires se négocient 24 h/24 et 7 j/7 contre USDT, BTC et ETH.", "Ordres à cours limité et au marché, carnet d'ordres en direct et graphiques en chandeliers d'une minute à un mois."],
    2: ["Vos actifs, protégés", "La sécurité avant tout", "Les mots de passe sont stockés sous forme de hachages scrypt salés, les sessions peuvent être révoquées à tout moment et chaque variation de solde est consignée dans un journal d'audit.", "Activez l'authentification à deux facteurs et définissez un mot de passe de trading distinct dans votre espace personnel."],
    3: ["Faites fructifier vos cryptos inactives avec l'épargne", "Épargne à terme", "Bloquez des USDT, BTC ou ETH pour une durée fixe et recevez un rendement quotidien jusqu'à l'échéance.", "Les taux et durées sont affichés avant la souscription ; le capital revient sur votre compte à l'échéance."],
    10: ["Maintenance programmée du système le 3 novembre", "Chers utilisateurs, afin d'améliorer les performances, nous mettrons à niveau le moteur d'appariement le 3 novembre de 02:00 à 03:00 (UTC).", "Les dépôts, les retraits et le trading seront suspendus pendant la mise à niveau. Les ordres ouverts sont conservés et reprennent ensuite.", "Merci de votre compréhension."],
    11: ["Nouvelle cotation : LINK/ETH", "Nous avons le plaisir d'annoncer que Chainlink (LINK) est désormais coté avec une paire de trading ETH.", "Les dépôts sont ouverts sur le réseau ERC20 ; le trading a démarré à 10:00 UTC."],
    12: ["Frais de retrait réduits pour l'USDT sur TRC20", "À partir du 1er octobre, les frais de retrait de l'USDT sur le réseau TRC20 passent à 0,1 %.", "Les montants minimum et maximum de retrait sont indiqués sur la page de retrait pour chaque réseau."],
    13: ["Méfiez-vous des sites d'hameçonnage et du faux support", "Vérifiez toujours l'adresse dans votre navigateur avant de vous connecter. Notre personnel ne vous demandera jamais votre mot de passe, vos codes de vérification ou votre mot de passe de trading.", "Si vous recevez un message suspect, contactez le service client via le lien en bas de chaque page."],
    20: ["À propos de nous", "Nous exploitons une plateforme d'échange d'actifs numériques pour le trading au comptant, les contrats, l'échange pair à pair contre monnaie fiduciaire et l'épargne.", "Notre équipe conçoit des systèmes de trading depuis 2014 et sert des utilisateurs dans plus de 130 pays et régions."],
    21: ["Nous contacter", "Le service client répond 24 h/24 via le chat en ligne.", "Demandes commerciales : business@example.com. Demandes de cotation : listing@example.com."],
    22: ["Carrières", "Nous recrutons des ingénieurs, des analystes des risques et des conseillers clientèle dans plusieurs fuseaux horaires.", "Envoyez votre CV à careers@example.com en précisant le poste qui vous intéresse."],
    30: ["Centre d'aide", "Premiers pas", "Inscrivez-vous avec votre e-mail ou votre numéro de mobile.", "Déposez des cryptos sur votre compte.", "Choisissez une paire sur la page des marchés et passez un ordre.", "Les réponses aux questions les plus fréquentes sur les dépôts, les retraits et les ordres se trouvent dans cette rubrique."],
    31: ["Grille tarifaire", "Les frais de trading au comptant sont prélevés sur le montant que vous recevez.", "Type", "Frais", "Maker au comptant", "Taker au comptant", "Dépôt", "Gratuit", "Retrait", "Selon la devise et le réseau"],
    32: ["Documentation de l'API", "Les données de marché sont publiques : paires, chandeliers, carnet d'ordres et transactions récentes, via HTTP et WebSocket.", "Les points d'accès de trading exigent un jeton de connexion envoyé dans l'en-tête Authorization."],
    40: ["Conditions d'utilisation", "En utilisant la plateforme, vous acceptez ces conditions. Vous devez être majeur dans votre pays et ne pas résider dans une juridiction soumise à restrictions.", "Vous êtes responsable de la sécurité de votre mot de passe, de votre mot de passe de trading et de vos appareils."],
    41: ["Politique de confidentialité", "Nous collectons les données nécessaires à la gestion de votre compte : coordonnées, pièces d'identité pour la vérification et historique de trading.", "Nous ne vendons pas de données personnelles. Vous pouvez demander une copie ou la suppression de vos données, sous réserve des durées légales de conservation."],
    42: ["Avertissement sur les risques", "Les prix des actifs numériques sont volatils. Les produits à effet de levier et les contrats peuvent entraîner des pertes supérieures à la marge engagée.", "N'investissez que des fonds que vous pouvez vous permettre de perdre."],
    66: ["Contrat d'utilisation", "Contrat d'utilisation", "Ce contrat est conclu entre vous et l'exploitant de la plateforme. Veuillez le lire attentivement avant de vous inscrire.", "1. Compte.", "Vous fournissez des informations exactes, gardez vos identifiants secrets et êtes responsable de toute activité sur votre compte.", "2. Services.", "Nous proposons des services au comptant, de contrats, pair à pair et d'épargne. Nous pouvons modifier ou suspendre les services pour des raisons de maintenance, de sécurité ou juridiques.", "3. Risques.", "Les actifs numériques sont très volatils et peuvent perdre toute leur valeur. Rien sur la plateforme ne constitue un conseil en investissement.", "4. Usages interdits.", "Le blanchiment d'argent, la manipulation de marché, la fraude et l'utilisation de la plateforme depuis des juridictions soumises à restrictions sont interdits et entraînent la suspension du compte.", "5. Frais.", "Les frais sont publiés dans la grille tarifaire et peuvent changer après préavis.", "6. Responsabilité.", "Dans les limites de la loi, nous ne sommes pas responsables des pertes causées par les mouvements du marché, les pannes des réseaux blockchain ou des événements indépendants de notre volonté.", "7. Modifications.", "Nous pouvons mettre à jour ce contrat ; la poursuite de l'utilisation après notification vaut acceptation."],
  },
  it: {
    1: ["Trading spot con liquidità profonda", "Fai trading sulle principali crypto 24 ore su 24", "BTC, ETH, SOL e oltre una dozzina di altre coppie si negoziano 24/7 contro USDT, BTC ed ETH.", "Ordini limite e a mercato, un book degli ordini in tempo reale e grafici a candele da un minuto a un mese."],
    2: ["I tuoi asset, protetti", "La sicurezza prima di tutto", "Le password sono salvate come hash scrypt con salt, le sessioni possono essere revocate in qualsiasi momento e ogni variazione di saldo viene registrata in un registro di controllo.", "Attiva l'autenticazione a due fattori e imposta una password di trading separata nel tuo centro personale."],
    3: ["Fai fruttare le crypto inattive con il risparmio", "Risparmio a termine", "Vincola USDT, BTC o ETH per un periodo fisso e ricevi un rendimento giornaliero fino alla scadenza.", "Tassi e durate sono mostrati prima della sottoscrizione; il capitale torna sul tuo conto alla scadenza."],
    10: ["Manutenzione programmata del sistema il 3 novembre", "Gentili utenti, per migliorare le prestazioni aggiorneremo il motore di abbinamento il 3 novembre dalle 02:00 alle 03:00 (UTC).", "Depositi, prelievi e trading saranno sospesi durante l'aggiornamento. Gli ordini aperti vengono mantenuti e riprendono al termine.", "Grazie per la comprensione."],
    11: ["Nuovo listing: LINK/ETH", "Siamo lieti di annunciare che Chainlink (LINK) è ora quotato con una coppia di trading in ETH.", "I depositi sono aperti sulla rete ERC20; il trading è iniziato alle 10:00 UTC."],
    12: ["Commissione di prelievo ridotta per USDT su TRC20", "Dal 1° ottobre la commissione di prelievo per USDT sulla rete TRC20 scende allo 0,1%.", "Gli importi minimi e massimi di prelievo sono indicati nella pagina di prelievo per ciascuna rete."],
    13: ["Attenzione ai siti di phishing e al falso supporto", "Controlla sempre l'indirizzo nel browser prima di accedere. Il nostro personale non ti chiederà mai la password, i codici di verifica o la password di trading.", "Se ricevi un messaggio sospetto, contatta il servizio clienti tramite il link in fondo a ogni pagina."],
    20: ["Chi siamo", "Gestiamo un exchange di asset digitali per trading spot, contratti, scambi peer-to-peer in valuta fiat e risparmio.", "Il nostro team sviluppa sistemi di trading dal 2014 e serve utenti in oltre 130 paesi e regioni."],
    21: ["Contattaci", "Il servizio clienti risponde 24 ore su 24 tramite la chat online.", "Richieste commerciali: business@example.com. Richieste di listing: listing@example.com."],
    22: ["Lavora con noi", "Stiamo assumendo ingegneri, analisti del rischio e personale del servizio clienti in diversi fusi orari.", "Invia il tuo CV a careers@example.com indicando il ruolo che ti interessa."],
    30: ["Centro assistenza", "Per iniziare", "Registrati con la tua email o il tuo numero di cellulare.", "Deposita le crypto sul tuo conto.", "Scegli una coppia nella pagina dei mercati e invia un ordine.", "In questa sezione trovi le risposte alle domande più frequenti su depositi, prelievi e ordini."],
    31: ["Tabella delle commissioni", "Le commissioni del trading spot si applicano all'importo che ricevi.", "Tipo", "Commissione", "Maker spot", "Taker spot", "Deposito", "Gratuito", "Prelievo", "In base a valuta e rete"],
    32: ["Documentazione API", "I dati di mercato sono pubblici: coppie, candele, book degli ordini e operazioni recenti, via HTTP e WebSocket.", "Gli endpoint di trading richiedono un token di accesso inviato nell'intestazione Authorization."],
    40: ["Termini di servizio", "Utilizzando la piattaforma accetti questi termini. Devi essere maggiorenne nel tuo paese e non risiedere in una giurisdizione soggetta a restrizioni.", "Sei responsabile della sicurezza della tua password, della password di trading e dei tuoi dispositivi."],
    41: ["Informativa sulla privacy", "Raccogliamo i dati necessari alla gestione del tuo conto: recapiti, documenti d'identità per la verifica e cronologia delle operazioni.", "Non vendiamo dati personali. Puoi chiedere una copia o la cancellazione dei tuoi dati, nel rispetto dei periodi di conservazione previsti dalla legge."],
    42: ["Informativa sui rischi", "I prezzi degli asset digitali sono volatili. I prodotti con leva e i contratti possono far perdere più del margine impegnato.", "Fai trading solo con fondi che puoi permetterti di perdere."],
    66: ["Contratto d'uso", "Contratto d'uso", "Questo contratto è stipulato tra te e il gestore della piattaforma. Leggilo con attenzione prima di registrarti.", "1. Conto.", "Fornisci informazioni veritiere, mantieni segrete le tue credenziali e sei responsabile di tutte le attività del tuo conto.", "2. Servizi.", "Offriamo servizi spot, contratti, peer-to-peer e di risparmio. Possiamo modificare o sospendere i servizi per motivi di manutenzione, sicurezza o legali.", "3. Rischi.", "Gli asset digitali sono molto volatili e possono perdere tutto il loro valore. Nulla sulla piattaforma costituisce una consulenza sugli investimenti.", "4. Usi vietati.", "Riciclaggio di denaro, manipolazione del mercato, frode e l'uso della piattaforma da giurisdizioni soggette a restrizioni sono vietati e comportano la sospensione del conto.", "5. Commissioni.", "Le commissioni sono pubblicate nella tabella delle commissioni e possono cambiare con preavviso.", "6. Responsabilità.", "Nei limiti di legge non rispondiamo delle perdite causate dai movimenti di mercato, da guasti delle reti blockchain o da eventi al di fuori del nostro controllo.", "7. Modifiche.", "Possiamo aggiornare questo contratto; continuare a usare la piattaforma dopo la notifica equivale ad accettarlo."],
  },
  es: {
    1: ["Trading al contado con gran liquidez", "Opera con las principales criptomonedas a todas horas", "BTC, ETH, SOL y más de una docena de pares más se negocian 24/7 frente a USDT, BTC y ETH.", "Órdenes límite y de mercado, un libro de órdenes en directo y gráficos de velas de un minuto a un mes."],
    2: ["Tus activos, protegidos", "La seguridad es lo primero", "Las contraseñas se guardan como hashes scrypt con sal, las sesiones pueden revocarse en cualquier momento y cada cambio de saldo queda anotado en un registro de auditoría.", "Activa la autenticación en dos pasos y define una contraseña de trading independiente en tu centro personal."],
    3: ["Pon a trabajar tus monedas inactivas con el ahorro", "Ahorro a plazo fijo", "Bloquea USDT, BTC o ETH durante un periodo fijo y recibe un rendimiento diario hasta el vencimiento.", "Los tipos y plazos se muestran antes de suscribirte; el capital vuelve a tu cuenta al vencimiento."],
    10: ["Mantenimiento programado del sistema el 3 de noviembre", "Estimados usuarios: para mejorar el rendimiento, actualizaremos el motor de emparejamiento el 3 de noviembre de 02:00 a 03:00 (UTC).", "Los depósitos, los retiros y el trading se pausarán durante la actualización. Las órdenes abiertas se conservan y se reanudan después.", "Gracias por su comprensión."],
    11: ["Nueva cotización: LINK/ETH", "Nos complace anunciar que Chainlink (LINK) ya cotiza con un par de trading en ETH.", "Los depósitos ya están abiertos en la red ERC20; el trading comenzó a las 10:00 UTC."],
    12: ["Comisión de retiro más baja para USDT en TRC20", "A partir del 1 de octubre, la comisión de retiro de USDT en la red TRC20 baja al 0,1 %.", "Los importes mínimos y máximos de retiro de cada red se muestran en la página de retiro."],
    13: ["Cuidado con los sitios de phishing y el falso soporte", "Comprueba siempre la dirección en tu navegador antes de iniciar sesión. Nuestro personal nunca te pedirá tu contraseña, tus códigos de verificación ni tu contraseña de trading.", "Si recibes un mensaje sospechoso, contacta con atención al cliente mediante el enlace que hay al pie de cada página."],
    20: ["Sobre nosotros", "Gestionamos un exchange de activos digitales para trading al contado, contratos, comercio P2P con dinero fiduciario y ahorro.", "Nuestro equipo desarrolla sistemas de trading desde 2014 y atiende a usuarios de más de 130 países y regiones."],
    21: ["Contacto", "Atención al cliente responde a todas horas a través del chat en línea.", "Consultas comerciales: business@example.com. Solicitudes de cotización: listing@example.com."],
    22: ["Empleo", "Buscamos ingenieros, analistas de riesgos y personal de atención al cliente en varias zonas horarias.", "Envía tu CV a careers@example.com e indícanos qué puesto te interesa."],
    30: ["Centro de ayuda", "Primeros pasos", "Regístrate con tu correo electrónico o tu número de móvil.", "Deposita monedas en tu cuenta.", "Elige un par en la página de mercados y coloca una orden.", "En esta sección encontrarás respuestas a las preguntas más frecuentes sobre depósitos, retiros y órdenes."],
    31: ["Tabla de comisiones", "Las comisiones del trading al contado se cobran sobre el importe que recibes.", "Tipo", "Comisión", "Maker al contado", "Taker al contado", "Depósito", "Gratis", "Retiro", "Según la moneda y la red"],
    32: ["Documentación de la API", "Los datos de mercado son públicos: pares, velas, libro de órdenes y operaciones recientes, por HTTP y WebSocket.", "Los endpoints de trading requieren un token de sesión enviado en la cabecera Authorization."],
    40: ["Términos del servicio", "Al usar la plataforma aceptas estos términos. Debes ser mayor de edad en tu país y no residir en una jurisdicción restringida.", "Eres responsable de mantener seguros tu contraseña, tu contraseña de trading y tus dispositivos."],
    41: ["Política de privacidad", "Recopilamos los datos necesarios para gestionar tu cuenta: datos de contacto, documentos de identidad para la verificación e historial de operaciones.", "No vendemos datos personales. Puedes solicitar una copia o la eliminación de tus datos, con sujeción a los plazos legales de conservación."],
    42: ["Aviso de riesgos", "Los precios de los activos digitales son volátiles. Los productos apalancados y los contratos pueden perder más que el margen comprometido.", "Opera solo con fondos que puedas permitirte perder."],
    66: ["Acuerdo de usuario", "Acuerdo de usuario", "Este acuerdo se celebra entre tú y el operador de la plataforma. Léelo con atención antes de registrarte.", "1. Cuenta.", "Proporcionas información veraz, mantienes en secreto tus credenciales y eres responsable de toda la actividad de tu cuenta.", "2. Servicios.", "Ofrecemos servicios al contado, de contratos, P2P y de ahorro. Podemos modificar o suspender los servicios por motivos de mantenimiento, seguridad o legales.", "3. Riesgos.", "Los activos digitales son muy volátiles y pueden perder todo su valor. Nada en la plataforma constituye asesoramiento de inversión.", "4. Usos prohibidos.", "El blanqueo de capitales, la manipulación del mercado, el fraude y el uso de la plataforma desde jurisdicciones restringidas están prohibidos y conllevan la suspensión de la cuenta.", "5. Comisiones.", "Las comisiones se publican en la tabla de comisiones y pueden cambiar con previo aviso.", "6. Responsabilidad.", "Dentro de los límites de la ley, no somos responsables de las pérdidas causadas por movimientos del mercado, fallos de las redes blockchain o hechos ajenos a nuestro control.", "7. Cambios.", "Podemos actualizar este acuerdo; seguir usando la plataforma tras el aviso supone su aceptación."],
  },
  pl: {
    1: ["Handel spot z dużą płynnością", "Handluj głównymi kryptowalutami całą dobę", "BTC, ETH, SOL i kilkanaście innych par notowanych jest 24/7 względem USDT, BTC i ETH.", "Zlecenia z limitem i rynkowe, arkusz zleceń na żywo oraz wykresy świecowe od jednej minuty do jednego miesiąca."],
    2: ["Twoje aktywa pod ochroną", "Bezpieczeństwo przede wszystkim", "Hasła są przechowywane jako solone skróty scrypt, sesje można w każdej chwili unieważnić, a każda zmiana salda jest zapisywana w dzienniku audytu.", "Włącz uwierzytelnianie dwuskładnikowe i ustaw osobne hasło transakcyjne w swoim centrum osobistym."],
    3: ["Niech nieużywane monety pracują dzięki oszczędnościom", "Oszczędności terminowe", "Zablokuj USDT, BTC lub ETH na określony czas i otrzymuj codzienne odsetki aż do końca okresu.", "Oprocentowanie i okresy są widoczne przed zapisem; kapitał wraca na Twoje konto w dniu zapadalności."],
    10: ["Planowana przerwa techniczna 3 listopada", "Drodzy użytkownicy, aby poprawić wydajność, 3 listopada w godzinach 02:00–03:00 (UTC) zaktualizujemy silnik kojarzenia zleceń.", "Podczas aktualizacji wpłaty, wypłaty i handel zostaną wstrzymane. Otwarte zlecenia zostaną zachowane i wznowione po jej zakończeniu.", "Dziękujemy za wyrozumiałość."],
    11: ["Nowe notowanie: LINK/ETH", "Z przyjemnością informujemy, że Chainlink (LINK) jest już notowany w parze z ETH.", "Wpłaty w sieci ERC20 są już otwarte; handel rozpoczął się o 10:00 UTC."],
    12: ["Niższa opłata za wypłatę USDT w sieci TRC20", "Od 1 października opłata za wypłatę USDT w sieci TRC20 spada do 0,1%.", "Minimalne i maksymalne kwoty wypłat dla każdej sieci są podane na stronie wypłaty."],
    13: ["Uważaj na strony phishingowe i fałszywe wsparcie", "Zawsze sprawdzaj adres w przeglądarce przed zalogowaniem. Nasi pracownicy nigdy nie poproszą o Twoje hasło, kody weryfikacyjne ani hasło transakcyjne.", "Jeśli otrzymasz podejrzaną wiadomość, skontaktuj się z obsługą klienta przez link na dole każdej strony."],
    20: ["O nas", "Prowadzimy giełdę aktywów cyfrowych oferującą handel spot, kontrakty, handel walutami fiat peer-to-peer oraz oszczędności.", "Nasz zespół tworzy systemy transakcyjne od 2014 roku i obsługuje użytkowników w ponad 130 krajach i regionach."],
    21: ["Kontakt", "Obsługa klienta odpowiada całą dobę na czacie online.", "Zapytania biznesowe: business@example.com. Wnioski o notowanie: listing@example.com."],
    22: ["Kariera", "Zatrudniamy inżynierów, analityków ryzyka i pracowników obsługi klienta w kilku strefach czasowych.", "Wyślij CV na adres careers@example.com i napisz, które stanowisko Cię interesuje."],
    30: ["Centrum pomocy", "Pierwsze kroki", "Zarejestruj się za pomocą adresu e-mail lub numeru telefonu.", "Wpłać monety na swoje konto.", "Wybierz parę na stronie rynków i złóż zlecenie.", "W tej sekcji znajdziesz odpowiedzi na najczęstsze pytania dotyczące wpłat, wypłat i zleceń."],
    31: ["Tabela opłat", "Opłaty za handel spot są naliczane od kwoty, którą otrzymujesz.", "Rodzaj", "Opłata", "Spot maker", "Spot taker", "Wpłata", "Bezpłatnie", "Wypłata", "Zależnie od waluty i sieci"],
    32: ["Dokumentacja API", "Dane rynkowe są publiczne: pary, świece, arkusz zleceń i ostatnie transakcje, przez HTTP i WebSocket.", "Punkty końcowe do handlu wymagają tokenu logowania wysyłanego w nagłówku Authorization."],
    40: ["Warunki korzystania z usługi", "Korzystając z platformy, akceptujesz niniejsze warunki. Musisz być pełnoletni w swoim kraju i nie możesz mieszkać w jurysdykcji objętej ograniczeniami.", "Odpowiadasz za bezpieczeństwo swojego hasła, hasła transakcyjnego i urządzeń."],
    41: ["Polityka prywatności", "Zbieramy dane potrzebne do prowadzenia Twojego konta: dane kontaktowe, dokumenty tożsamości do weryfikacji oraz historię transakcji.", "Nie sprzedajemy danych osobowych. Możesz poprosić o kopię lub usunięcie swoich danych, z zastrzeżeniem ustawowych okresów przechowywania."],
    42: ["Ujawnienie ryzyka", "Ceny aktywów cyfrowych są zmienne. Produkty z dźwignią i kontrakty mogą przynieść straty większe niż zaangażowany depozyt zabezpieczający.", "Handluj wyłącznie środkami, których utratę możesz ponieść."],
    66: ["Umowa użytkownika", "Umowa użytkownika", "Niniejsza umowa zostaje zawarta między Tobą a operatorem platformy. Przeczytaj ją uważnie przed rejestracją.", "1. Konto.", "Podajesz prawdziwe dane, chronisz swoje dane logowania i odpowiadasz za wszystkie działania na swoim koncie.", "2. Usługi.", "Świadczymy usługi spot, kontraktów, peer-to-peer i oszczędności. Możemy zmienić lub wstrzymać usługi z powodów konserwacyjnych, bezpieczeństwa lub prawnych.", "3. Ryzyko.", "Aktywa cyfrowe są bardzo zmienne i mogą stracić całą wartość. Nic na platformie nie stanowi porady inwestycyjnej.", "4. Zakazane użycie.", "Pranie pieniędzy, manipulacje rynkiem, oszustwa oraz korzystanie z platformy z jurysdykcji objętych ograniczeniami są zakazane i skutkują zawieszeniem konta.", "5. Opłaty.", "Opłaty są publikowane w tabeli opłat i mogą się zmienić po uprzednim powiadomieniu.", "6. Odpowiedzialność.", "W granicach prawa nie odpowiadamy za straty spowodowane ruchami rynku, awariami sieci blockchain ani zdarzeniami od nas niezależnymi.", "7. Zmiany.", "Możemy aktualizować tę umowę; dalsze korzystanie po powiadomieniu oznacza jej akceptację."],
  },
};
