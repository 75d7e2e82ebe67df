// Every page's enhancements, one module each. Each form also works as a plain POST without them.
// Each is imported for what it does on loading; "{} from" lets a collected release rewrite the
// line to the module's hashed name (tonk_tracker/storage.py).
import {} from "./wake_lock.js";
import {} from "./count_pad.js";
import {} from "./card_picker.js";
import {} from "./deal_tonk.js";
import {} from "./seat_order.js";
import {} from "./time_zone.js";
import {} from "./sharing.js";
import {} from "./forms.js";
import {} from "./board.js";
import {} from "./live.js";
import {} from "./offline.js";
import {} from "./tap_guard.js";
import {} from "./insecure.js";
import {} from "./pay_return.js";
import {} from "./recap_share.js";
