import Testing
import SceneLang
import SceneEval
@testable import SceneSwift
